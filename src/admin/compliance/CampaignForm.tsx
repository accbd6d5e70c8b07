// The form that starts a read-and-acknowledge campaign (issue 24): a title, a published policy (its
// current version is what people read), a due date not in the past, whether a signature is
// required, and whom to ask - departments (with those below them), roles and named users, at least
// one in all. The pickers read what the other admin screens read: the department list of the
// knowledge index, the enabled roles of the user screen, the user list searched by account or name.
import { useEffect, useMemo, useRef, useState } from "react";
import { DatePicker, Form, Input, Select, Switch, TreeSelect, type FormInstance } from "antd";
import type { Dayjs } from "dayjs";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";

import { usePortalClient } from "../../api/ClientProvider";
import { InFormSelect, InFormTreeSelect } from "../../shared/InFormSelect";
import { roleLabel } from "../roles/roleLabel";
import { listDepts, listRoles, publishedPolicies, searchUsers, type CampaignCreate } from "./api";

export type CampaignFormValues = {
  title?: string;
  policyId?: number;
  dueDate?: Dayjs | null;
  signatureRequired?: boolean;
  deptIds?: number[];
  roleIds?: number[];
  userIds?: number[];
};

type Option = { value: number; label: string };
type DeptNode = { value: number; title: string; children: DeptNode[] };

export const TITLE_MAX = 200;
/** How long typing in a search picker waits before it asks the server. */
const SEARCH_DELAY_MS = 300;

/** The due date's problem, or null: required, and today or later (the server's rule too). */
export function dueDateProblem(value: Dayjs | null | undefined, today: Dayjs = dayjs()): "required" | "past" | null {
  if (!value) return "required";
  return value.isBefore(today, "day") ? "past" : null;
}

/** Whether the form names anyone to ask. */
export const hasTargets = (v: CampaignFormValues) => Boolean(v.deptIds?.length || v.roleIds?.length || v.userIds?.length);

/** The create body from the form's values (validated). */
export function toCampaignCreate(v: CampaignFormValues): CampaignCreate {
  return {
    title: (v.title ?? "").trim(),
    policyId: v.policyId!,
    dueDate: v.dueDate!.format("YYYY-MM-DD"),
    signatureRequired: Boolean(v.signatureRequired),
    targets: { deptIds: v.deptIds ?? [], roleIds: v.roleIds ?? [], userIds: v.userIds ?? [] },
  };
}

/** The flat department list (parentId) as a tree; a department whose parent is unknown is a root. */
export function deptTree(depts: { id: number; deptName: string; parentId: number | null }[]): DeptNode[] {
  const nodes = new Map(depts.map((d) => [d.id, { value: d.id, title: d.deptName, children: [] as DeptNode[] }]));
  const roots: DeptNode[] = [];
  for (const d of depts) {
    const parent = d.parentId !== null ? nodes.get(d.parentId) : undefined;
    (parent ? parent.children : roots).push(nodes.get(d.id)!);
  }
  return roots;
}

/** A search picker's options: asked of the server as the person types; chosen ones keep their labels. */
function useSearchOptions(search: (text: string) => Promise<Option[]>) {
  const [options, setOptions] = useState<Option[]>([]);
  const [loading, setLoading] = useState(false);
  const known = useRef(new Map<number, Option>());
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latest = useRef(0);
  const searchRef = useRef(search);
  searchRef.current = search;

  const run = (text: string) => {
    const call = ++latest.current;
    setLoading(true);
    searchRef.current(text).then(
      (found) => {
        if (call !== latest.current) return;
        found.forEach((o) => known.current.set(o.value, o));
        setOptions(found);
        setLoading(false);
      },
      () => call === latest.current && setLoading(false),
    );
  };
  useEffect(() => {
    run("");
    return () => {
      clearTimeout(timer.current);
      latest.current += 1;
    };
    // once: the first options; typing asks again
  }, []);

  const onSearch = (text: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => run(text.trim()), SEARCH_DELAY_MS);
  };
  /** The options with the chosen values first (their labels as first seen). */
  const withChosen = (chosen: number[] | number | undefined): Option[] => {
    const values = chosen === undefined ? [] : Array.isArray(chosen) ? chosen : [chosen];
    const extra = values.filter((v) => !options.some((o) => o.value === v)).map((v) => known.current.get(v) ?? { value: v, label: `#${v}` });
    return [...extra, ...options];
  };
  return { onSearch, loading, withChosen };
}

export function CampaignForm({ form, onFinish }: { form: FormInstance<CampaignFormValues>; onFinish: (body: CampaignCreate) => void }) {
  const { t } = useTranslation("adminCompliance");
  const client = usePortalClient();
  const [depts, setDepts] = useState<DeptNode[]>([]);
  const [roles, setRoles] = useState<Option[]>([]);

  useEffect(() => {
    let live = true;
    listDepts(client).then((list) => live && setDepts(deptTree(list)), () => undefined);
    listRoles(client).then((list) => live && setRoles(list.map((r) => ({ value: r.id, label: roleLabel(r.roleCode, r.roleName, t) }))), () => undefined);
    return () => {
      live = false;
    };
  }, [client, t]);

  const policies = useSearchOptions(async (text) =>
    (await publishedPolicies(text, client)).records.map((p) => ({ value: p.id, label: p.versionNumber ? `${p.title} (${p.versionNumber})` : p.title })),
  );
  const users = useSearchOptions(async (text) =>
    (await searchUsers(text, client)).records.map((u) => ({ value: u.id, label: `${u.realName ?? u.userName} (${u.userName})` })),
  );
  const policyId = Form.useWatch("policyId", form);
  const userIds = Form.useWatch("userIds", form);
  const policyOptions = useMemo(() => policies.withChosen(policyId), [policies, policyId]);

  const targetsRule = {
    validator: () => (hasTargets(form.getFieldsValue()) ? Promise.resolve() : Promise.reject(new Error(t("form.targetsRequired")))),
  };

  return (
    <Form
      form={form}
      layout="vertical"
      style={{ maxWidth: 720 }}
      initialValues={{ signatureRequired: false, deptIds: [], roleIds: [], userIds: [] }}
      onFinish={(values) => onFinish(toCampaignCreate(values))}
    >
      <Form.Item
        name="title"
        label={t("fields.title")}
        rules={[
          { required: true, whitespace: true, message: t("form.titleRequired") },
          { max: TITLE_MAX, message: t("form.titleMax", { max: TITLE_MAX }) },
        ]}
      >
        <Input maxLength={TITLE_MAX} showCount />
      </Form.Item>
      <Form.Item name="policyId" label={t("fields.policy")} extra={t("form.policyHint")} rules={[{ required: true, message: t("form.policyRequired") }]}>
        <InFormSelect
          showSearch
          filterOption={false}
          onSearch={policies.onSearch}
          loading={policies.loading}
          options={policyOptions}
          placeholder={t("form.policyPlaceholder")}
          notFoundContent={t("form.noPolicies")}
        />
      </Form.Item>
      <Form.Item
        name="dueDate"
        label={t("fields.dueDate")}
        rules={[
          { required: true, message: t("form.dueDateRequired") },
          {
            validator: (_r, value: Dayjs | null) =>
              dueDateProblem(value) === "past" ? Promise.reject(new Error(t("form.dueDatePast"))) : Promise.resolve(),
          },
        ]}
      >
        <DatePicker disabledDate={(day) => day.isBefore(dayjs(), "day")} format="YYYY-MM-DD" />
      </Form.Item>
      <Form.Item name="signatureRequired" label={t("fields.signatureRequired")} valuePropName="checked" extra={t("form.signatureHint")}>
        <Switch />
      </Form.Item>
      <Form.Item name="deptIds" label={t("fields.depts")} extra={t("form.deptsHint")} dependencies={["roleIds", "userIds"]} rules={[targetsRule]}>
        <InFormTreeSelect
          treeData={depts}
          multiple
          treeCheckable
          showCheckedStrategy={TreeSelect.SHOW_PARENT}
          treeDefaultExpandAll
          showSearch
          treeNodeFilterProp="title"
          placeholder={t("form.deptsPlaceholder")}
        />
      </Form.Item>
      <Form.Item name="roleIds" label={t("fields.roles")}>
        <Select mode="multiple" options={roles} optionFilterProp="label" placeholder={t("form.rolesPlaceholder")} />
      </Form.Item>
      <Form.Item name="userIds" label={t("fields.users")}>
        <Select
          mode="multiple"
          showSearch
          filterOption={false}
          onSearch={users.onSearch}
          loading={users.loading}
          options={users.withChosen(userIds)}
          placeholder={t("form.usersPlaceholder")}
        />
      </Form.Item>
    </Form>
  );
}
