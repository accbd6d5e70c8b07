// An administrator's official reply to a complaint (createTalkShow with parentId): published at
// once. Needs the roastList:add button.
import { CanAccess, useNotification } from "@refinedev/core";
import { Button, Form, Input } from "antd";
import { useTranslation } from "react-i18next";

import { usePortalApi } from "../../api/ClientProvider";
import { useOperateSuccess } from "../roles/useOperateSuccess";
import { useModerationRefresh } from "./useModerationRefresh";

export function ReplyForm({ parentId }: { parentId: number }) {
  const { t } = useTranslation("adminModeration");
  const [form] = Form.useForm<{ content: string }>();
  const operateSuccess = useOperateSuccess();
  const refresh = useModerationRefresh();
  const { open } = useNotification();
  const mutation = usePortalApi().useMutation("post", "/talkShow");

  const submit = ({ content }: { content: string }) =>
    mutation
      .mutateAsync({ body: { content: content.trim(), parentId } })
      .then(() => {
        open?.(operateSuccess());
        form.resetFields();
        return refresh();
      })
      .catch(() => undefined);

  return (
    <CanAccess resource="roastList" action="add">
      <Form form={form} layout="vertical" onFinish={submit} style={{ maxWidth: 720 }}>
        <Form.Item
          name="content"
          label={t("roast.replyLabel")}
          extra={t("roast.replyHint")}
          rules={[
            { required: true, whitespace: true, message: t("roast.replyRequired") },
            { max: 2000, message: t("roast.replyMax") },
          ]}
        >
          <Input.TextArea rows={3} maxLength={2000} showCount />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={mutation.isPending}>
          {t("roast.replySubmit")}
        </Button>
      </Form>
    </CanAccess>
  );
}
