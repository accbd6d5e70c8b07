// The header buttons of one kind of source data, beside the generated list's export: the import
// template (Excel or CSV) and the import dialog (the import button only with the
// originDataList:import permission; a successful import reloads the kind's list).
import { useState } from "react";
import { CanAccess, useInvalidate } from "@refinedev/core";
import { Button, Dropdown } from "antd";
import { DownloadOutlined, UploadOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";

import { usePortalClient } from "../../api/ClientProvider";
import type { ResourceName } from "../../dataProviders/resources";
import { ImportDialog } from "./ImportDialog";
import { downloadTemplate, type SourceKind } from "./sourceDataApi";

/** The header actions of a kind's definition (components without props, as `headerActions` takes them). */
export function sourceActions(kind: SourceKind, resource: ResourceName) {
  function Template() {
    const { t } = useTranslation("adminData");
    const client = usePortalClient();
    const template = (format: "xlsx" | "csv") => void downloadTemplate(client, kind, format).catch(() => undefined);
    return (
      <Dropdown
        trigger={["click"]}
        menu={{
          items: [
            { key: "xlsx", label: t("sourceData.actions.templateXlsx"), onClick: () => template("xlsx") },
            { key: "csv", label: t("sourceData.actions.templateCsv"), onClick: () => template("csv") },
          ],
        }}
      >
        <Button icon={<DownloadOutlined />}>{t("sourceData.actions.template")}</Button>
      </Dropdown>
    );
  }
  function Import() {
    const { t } = useTranslation("adminData");
    const [importing, setImporting] = useState(false);
    const invalidate = useInvalidate();
    return (
      <CanAccess resource="originDataList" action="import">
        <Button type="primary" icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid={`source-import-${kind}`}>
          {t("sourceData.actions.import")}
        </Button>
        <ImportDialog
          kind={kind}
          open={importing}
          onClose={() => setImporting(false)}
          onImported={() => void invalidate({ resource, invalidates: ["list"] })}
        />
      </CanAccess>
    );
  }
  return [Template, Import];
}
