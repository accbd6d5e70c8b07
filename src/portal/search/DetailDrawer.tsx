// The detail of an employee, a UPN record or a registration certificate: every field the search
// answered (spec 3), "--" for an empty one.
import { Descriptions, Drawer } from "antd";
import { useTranslation } from "react-i18next";

import type { DetailKind } from "./columns";
import { Highlight } from "./Highlight";
import type { AnyRecord } from "./kinds";

/** The fields shown, in order, per kind. */
export const DETAIL_FIELDS: Record<DetailKind, readonly string[]> = {
  employee: ["chineseName", "englishName", "employeeNo", "title", "email", "department", "supervisor", "city"],
  upn: ["upn", "name", "status", "restrictReason"],
  nmpa: ["certificateCode", "productNameCn", "productNameEn", "validFrom", "validTo", "category", "approvedDate", "manufacturer", "registrant", "address"],
};

export interface Detail {
  kind: DetailKind;
  record: AnyRecord;
}

export function titleOf({ kind, record }: Detail): string {
  const row = record as unknown as Record<string, string | null | undefined>;
  if (kind === "employee") return [row.chineseName, row.englishName].filter(Boolean).join(" / ") || String(row.employeeNo);
  return String(kind === "upn" ? row.upn : row.certificateCode);
}

export function DetailDrawer({ detail, onClose }: { detail: Detail | null; onClose: () => void }) {
  const { t } = useTranslation("search");
  const row = (detail?.record ?? {}) as unknown as Record<string, string | number | null | undefined>;
  return (
    <Drawer
      open={detail !== null}
      onClose={onClose}
      width={520}
      title={detail ? `${t(`drawer.${detail.kind}`)} · ${titleOf(detail)}` : undefined}
      destroyOnHidden
    >
      {detail && (
        <Descriptions
          data-testid="search-detail"
          column={1}
          bordered
          size="small"
          items={DETAIL_FIELDS[detail.kind].map((field) => ({
            key: field,
            label: t(`fields.${detail.kind}.${field}`),
            children: <Highlight text={row[field] === null || row[field] === undefined ? null : String(row[field])} />,
          }))}
        />
      )}
    </Drawer>
  );
}
