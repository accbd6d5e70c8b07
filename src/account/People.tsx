// The personal centre (/main/people, reached from /main/personalCenter): the caller's profile with
// the avatar (its upload dialog), the details an employee may correct (real name, email, phone),
// and the ways to change the password and to log out.
import { useEffect, useState } from "react";
import { Avatar, Button, Card, Descriptions, Form, Input, Skeleton, Space, Tag } from "antd";
import { EditOutlined, KeyOutlined, LogoutOutlined, UserOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

import { useIdentity, useInvalidateAuth } from "../auth/hooks";
import type { components } from "../api/schema";
import { unwrap } from "../api/client";
import { toast } from "../api/toast";
import { createRules } from "../shared/validators";
import { roleLabel } from "./roleLabel";
import { NotificationPreferences } from "./NotificationPreferences";
import { AvatarUploadDialog } from "./AvatarUploadDialog";
import { useHeadIcon } from "./avatar";
import styles from "./personal.module.css";
import { usePortalClient } from "../api/ClientProvider";

type Profile = components["schemas"]["UserProfile"];
type ProfileForm = { realName: string; email: string; phone: string };

export default function People() {
  const client = usePortalClient();
  const { t, i18n } = useTranslation(["personal", "common"]);
  const navigate = useNavigate();
  const { data: user } = useIdentity();
  const invalidateAuth = useInvalidateAuth();
  const headIcon = useHeadIcon(user?.id);
  const [profile, setProfile] = useState<Profile | null>(null);
  const [failed, setFailed] = useState(false);
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [avatarOpen, setAvatarOpen] = useState(false);
  const [form] = Form.useForm<ProfileForm>();
  const rules = createRules(t);

  useEffect(() => {
    let live = true;
    unwrap(client.GET("/api/user/query"))
      .then((data) => live && setProfile(data))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [client]);

  const save = async (values: ProfileForm) => {
    setSaving(true);
    try {
      const updated = await unwrap(
        client.POST("/api/user/update", {
          body: { realName: values.realName.trim(), email: values.email.trim() || null, phone: values.phone.trim() || null },
        }),
      );
      setProfile(updated);
      setEditing(false);
      toast(t("personal:people.saved"), "success");
      await invalidateAuth(); // the greeting and header show the new name
    } catch {
      // the toast said why; the form keeps what was typed
    } finally {
      setSaving(false);
    }
  };

  const startEditing = () => {
    if (!profile) return;
    form.setFieldsValue({ realName: profile.realName, email: profile.email ?? "", phone: profile.phone ?? "" });
    setEditing(true);
  };

  return (
    <>
      <Card
        title={t("personal:people.title")}
        data-testid="people-page"
        extra={
          <Space>
            <Button icon={<KeyOutlined />} onClick={() => void navigate("/main/change-Password")} data-testid="people-password">
              {t("personal:people.changePassword")}
            </Button>
            <Button icon={<LogoutOutlined />} onClick={() => void navigate("/main/quitLogon")}>
              {t("personal:people.logout")}
            </Button>
          </Space>
        }
      >
        {!profile && !failed && <Skeleton active avatar paragraph={{ rows: 5 }} />}
        {failed && <span>{t("personal:people.loadFailed")}</span>}
        {profile && (
          <div className={styles.profile}>
            <div className={styles.profileAvatar}>
              <Avatar size={96} src={headIcon ?? undefined} icon={headIcon ? undefined : <UserOutlined />} data-testid="people-avatar" />
              <Button icon={<EditOutlined />} onClick={() => setAvatarOpen(true)} data-testid="people-edit-avatar">
                {t("personal:people.editAvatar")}
              </Button>
            </div>
            {editing ? (
              <Form form={form} layout="vertical" onFinish={(values) => void save(values)} style={{ flex: 1, maxWidth: 480 }}>
                <Form.Item name="realName" label={t("personal:people.realName")} rules={[rules.required(), rules.maxLength(50)]}>
                  <Input maxLength={50} />
                </Form.Item>
                <Form.Item name="email" label={t("personal:people.email")} rules={[rules.email]}>
                  <Input maxLength={100} />
                </Form.Item>
                <Form.Item name="phone" label={t("personal:people.phone")} rules={[rules.mobile]}>
                  <Input maxLength={11} />
                </Form.Item>
                <Space>
                  <Button onClick={() => setEditing(false)} disabled={saving}>
                    {t("common:actions.cancel")}
                  </Button>
                  <Button type="primary" htmlType="submit" loading={saving}>
                    {t("personal:people.save")}
                  </Button>
                </Space>
              </Form>
            ) : (
              <Descriptions
                column={{ xs: 1, md: 2 }}
                className={styles.profileDetails}
                extra={
                  <Button onClick={startEditing} data-testid="people-edit">
                    {t("personal:people.edit")}
                  </Button>
                }
                items={[
                  { key: "userName", label: t("personal:people.userName"), children: profile.userName },
                  { key: "realName", label: t("personal:people.realName"), children: <span data-testid="people-real-name">{profile.realName}</span> },
                  {
                    key: "roles",
                    label: t("personal:people.roles"),
                    children: profile.roleNames.map((name, index) => (
                      <Tag key={name} color={index === 0 ? "blue" : undefined}>
                        {roleLabel(i18n, profile.roleCodes[index] ?? "", name)}
                        {index === 0 ? ` · ${t("personal:people.primary")}` : ""}
                      </Tag>
                    )),
                  },
                  { key: "bu", label: t("personal:people.bu"), children: profile.bu || "--" },
                  { key: "email", label: t("personal:people.email"), children: profile.email || "--" },
                  { key: "phone", label: t("personal:people.phone"), children: profile.phone || "--" },
                  { key: "createTime", label: t("personal:people.createTime"), children: profile.createTime ?? "--" },
                ]}
              />
            )}
          </div>
        )}
        <AvatarUploadDialog open={avatarOpen} onClose={() => setAvatarOpen(false)} />
      </Card>
      <NotificationPreferences />
    </>
  );
}
