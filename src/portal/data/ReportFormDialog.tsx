// The dialog that adds or changes a report of the Data centre. Adding offers two ways: pick one of
// the on-shelf data sources (bscChart/listAll; the server copies its name, address and device, and
// sources already in the list are shown as added) or add by address (name, the address shown in
// the frame - http(s) or a path of the portal -, the optional address of the report in its own
// system, and the device). A report picked from a data source follows it: its dialog shows those
// fields read-only and sends nothing (the server refuses any change of them); it is reordered and
// removed from the page. A report added by address stays fully editable.
import { useEffect, useMemo, useState } from "react";
import { Alert, Button, Empty, Form, Input, Modal, Radio, Select, Spin, Tabs, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";

import { toast } from "../../api/toast";
import { isAddress } from "../apps/appCentre";
import { createReport, deviceOfSource, fetchDataSources, pickReport, updateReport, type DataSource, type PersonalChart } from "./api";
import styles from "./data.module.css";
import { usePortalClient } from "../../api/ClientProvider";

interface ReportFormValues {
  dataName: string;
  dataUrl: string;
  originalUrl?: string;
  pcOrH5Status: 0 | 1 | 2;
}

const DEVICES = [2, 0, 1] as const;

type Mode = "source" | "url";

export function ReportFormDialog({
  open,
  report,
  pickedIds = [],
  onClose,
  onSaved,
}: {
  open: boolean;
  report: PersonalChart | null;
  /** The data sources already in the user's list (their chartId). */
  pickedIds?: number[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const client = usePortalClient();
  const { t } = useTranslation("dataCentre");
  const [form] = Form.useForm<ReportFormValues>();
  const [saving, setSaving] = useState(false);
  const [mode, setMode] = useState<Mode>("source");
  const [sources, setSources] = useState<DataSource[]>([]);
  const [sourcesState, setSourcesState] = useState<"loading" | "ready" | "failed">("loading");
  const [chosen, setChosen] = useState<number | null>(null);
  const [chooseError, setChooseError] = useState(false);
  const [filter, setFilter] = useState("");
  const picked = report?.chartId != null;
  const adding = report === null;

  const loadSources = () => {
    setSourcesState("loading");
    fetchDataSources(client)
      .then((rows) => {
        setSources(rows);
        setSourcesState("ready");
      })
      .catch(() => setSourcesState("failed")); // the toast said why
  };

  // Every time the add dialog opens: the data-source way first, nothing chosen, a fresh list.
  useEffect(() => {
    if (!open || !adding) return;
    setMode("source");
    setChosen(null);
    setChooseError(false);
    setFilter("");
    loadSources();
  }, [open, adding]);

  const alreadyAdded = useMemo(() => new Set(pickedIds), [pickedIds]);
  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return needle ? sources.filter((source) => source.name.toLowerCase().includes(needle)) : sources;
  }, [sources, filter]);

  const initialValues: ReportFormValues = report
    ? { dataName: report.dataName, dataUrl: report.dataUrl, originalUrl: report.originalUrl ?? "", pcOrH5Status: report.pcOrH5Status as 0 | 1 | 2 }
    : { dataName: "", dataUrl: "", originalUrl: "", pcOrH5Status: 2 };

  const address = (message: string, required: boolean) => ({
    validator: async (_: unknown, value: string | undefined) => {
      if (!value?.trim()) return required ? Promise.reject(new Error(t("form.urlRequired"))) : undefined;
      return isAddress(value) ? undefined : Promise.reject(new Error(message));
    },
  });

  const save = async (action: () => Promise<unknown>) => {
    setSaving(true);
    try {
      await action();
      toast(t("common.saved"), "success");
      onSaved();
    } catch {
      // the toast said why; the dialog keeps what was typed or chosen
    } finally {
      setSaving(false);
    }
  };

  const submitSource = async () => {
    const source = sources.find((row) => row.id === chosen);
    if (!source || alreadyAdded.has(source.id)) {
      setChooseError(true);
      return;
    }
    await save(() => pickReport(source, client));
  };

  const submitUrl = async () => {
    let values: ReportFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const fields = {
      dataName: values.dataName.trim(),
      dataUrl: values.dataUrl.trim(),
      originalUrl: values.originalUrl?.trim() ? values.originalUrl.trim() : null,
      pcOrH5Status: values.pcOrH5Status,
    };
    await save(() => (report ? updateReport({ id: report.id, ...fields }, client) : createReport(fields, client)));
  };

  const submit = () => {
    if (picked) return onClose(); // nothing of a picked report changes here
    return adding && mode === "source" ? submitSource() : submitUrl();
  };

  // A picked report's fields follow the data source: shown, never sent.
  const urlForm = (
    <Form form={form} layout="vertical" initialValues={initialValues} preserve={false} onFinish={() => void submit()}>
      {picked && <Alert type="info" showIcon message={t("form.followsSource")} style={{ marginBottom: 16 }} data-testid="report-follows-source" />}
      <Form.Item
        name="dataName"
        label={t("form.name")}
        rules={
          picked
            ? []
            : [
                { required: true, whitespace: true, message: t("form.nameRequired") },
                { max: 100, message: t("form.nameTooLong") },
              ]
        }
      >
        <Input maxLength={100} autoFocus={!picked} readOnly={picked} variant={picked ? "filled" : undefined} />
      </Form.Item>
      <Form.Item name="dataUrl" label={t("form.url")} extra={picked ? undefined : t("form.urlHint")} required={!picked} rules={picked ? [] : [address(t("form.urlInvalid"), true)]}>
        <Input maxLength={2000} placeholder="https://" readOnly={picked} variant={picked ? "filled" : undefined} />
      </Form.Item>
      <Form.Item name="originalUrl" label={t("form.originalUrl")} extra={picked ? undefined : t("form.originalUrlHint")} rules={picked ? [] : [address(t("form.urlInvalid"), false)]}>
        <Input maxLength={2000} placeholder={picked ? undefined : "https://"} readOnly={picked} variant={picked ? "filled" : undefined} />
      </Form.Item>
      <Form.Item name="pcOrH5Status" label={t("form.device")} extra={t("form.deviceHint")}>
        <Select disabled={picked} options={DEVICES.map((value) => ({ value, label: t(`device.${value}`) }))} />
      </Form.Item>
      <button type="submit" hidden aria-hidden tabIndex={-1} />
    </Form>
  );

  let sourceList;
  if (sourcesState === "loading") sourceList = <Spin style={{ display: "block", padding: 32 }} aria-label={t("common.loading")} />;
  else if (sourcesState === "failed")
    sourceList = (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("source.loadFailed")}>
        <Button onClick={loadSources}>{t("common.retry")}</Button>
      </Empty>
    );
  else if (sources.length === 0) sourceList = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("source.none")} />;
  else
    sourceList = (
      <>
        <Input.Search allowClear placeholder={t("source.search")} aria-label={t("source.search")} value={filter} onChange={(event) => setFilter(event.target.value)} style={{ marginBottom: 8 }} />
        {shown.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("source.noMatch")} />
        ) : (
          <Radio.Group
            className={styles.sourceList}
            aria-label={t("source.listLabel")}
            value={chosen}
            onChange={(event) => {
              setChosen(event.target.value as number);
              setChooseError(false);
            }}
            data-testid="data-source-list"
          >
            {shown.map((source) => {
              const added = alreadyAdded.has(source.id);
              return (
                <div key={source.id} className={styles.sourceItem} data-testid={`data-source-${source.id}`}>
                  <Radio value={source.id} disabled={added}>
                    <span>{source.name}</span> <Tag bordered={false}>{t(`device.${deviceOfSource(source)}`)}</Tag>
                    {added && <Tag color="success">{t("source.added")}</Tag>}
                  </Radio>
                </div>
              );
            })}
          </Radio.Group>
        )}
        {chooseError && (
          <Typography.Text type="danger" role="alert" style={{ display: "block", marginTop: 8 }}>
            {t("source.required")}
          </Typography.Text>
        )}
      </>
    );

  return (
    <Modal
      open={open}
      title={t(adding ? "form.addTitle" : picked ? "form.viewTitle" : "form.editTitle")}
      okText={t("common.save")}
      cancelText={t("common.cancel")}
      footer={
        picked
          ? [
              <Button key="close" type="primary" onClick={onClose}>
                {t("common.close")}
              </Button>,
            ]
          : undefined
      }
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
    >
      {adding ? (
        <Tabs
          activeKey={mode}
          onChange={(key) => setMode(key as Mode)}
          items={[
            { key: "source", label: t("form.fromSource"), children: <div data-testid="add-from-source">{sourceList}</div> },
            { key: "url", label: t("form.byUrl"), children: urlForm },
          ]}
        />
      ) : (
        urlForm
      )}
    </Modal>
  );
}
