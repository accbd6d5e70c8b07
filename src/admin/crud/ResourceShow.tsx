// The generic show view of a definition: its shown fields (default: the listed ones) as a
// description list with the list's cells (a status as a tag), then the definition's own sections.
// A detail screen of another list's records (the complaint and comment details) reads them from
// `show.resource`, puts its own buttons in the header and says when the record is not there.
import type { ReactNode } from "react";
import { useShow } from "@refinedev/core";
import { Descriptions, Space } from "antd";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";

import { StatusTag } from "../StatusSwitch";
import { cellOf, isObject, keyOf, nsOf } from "./fields";
import { Show } from "./pages";
import type { AdminResourceDef, FieldDef } from "./types";

const shownOf = (def: AdminResourceDef) => (def.fields ?? []).filter((f) => f.show ?? Boolean(f.list));

function contentOf(def: AdminResourceDef, f: FieldDef, record: Record<string, unknown>, t: (key: string) => string): ReactNode {
  if (isObject(f.show) && f.show.render) return f.show.render(record[f.name], record);
  if (f.kind === "status") return <StatusTag status={Number(record[f.name])} keys={def.texts?.statusKeys ?? "crud"} />;
  return cellOf(def, f, record[f.name], record, t as never);
}

/** A record's shown fields as a description list (also for a related record, e.g. a reply's complaint). */
export function FieldDescriptions({ def, record }: { def: AdminResourceDef; record: Record<string, unknown> }) {
  const { t } = useTranslation(["admin", nsOf(def)]);
  const columns = def.show?.columns ?? 1;
  return (
    <Descriptions column={columns > 1 ? { xs: 1, md: columns } : 1} bordered size={columns > 1 ? "small" : undefined}>
      {shownOf(def).map((f) => (
        <Descriptions.Item key={f.name} label={t(keyOf(def, f.label))} span={isObject(f.show) ? f.show.span : undefined}>
          {contentOf(def, f, record, t)}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}

export function ResourceShow({ def }: { def: AdminResourceDef }) {
  const { t } = useTranslation(["admin", nsOf(def)]);
  const { id } = useParams();
  const resource = def.show?.resource ?? def.name;
  const { query, result: record } = useShow<Record<string, unknown>>({ resource, id, queryOptions: { enabled: Boolean(id) } });
  const NotFound = def.show?.notFound;
  if (NotFound && (!id || query.isError)) return <NotFound />;
  const headerActions = def.show?.headerActions;
  return (
    <Show
      title={def.texts?.showTitle ? t(keyOf(def, def.texts.showTitle)) : t("crud.titles.show", { name: t(def.label) })}
      resource={resource}
      recordItemId={id}
      isLoading={query.isLoading}
      canEdit={headerActions ? false : undefined}
      canDelete={false}
      headerButtons={
        headerActions
          ? () =>
              record ? (
                <Space wrap>
                  {headerActions.map((Action, i) => (
                    <Action key={i} record={record} />
                  ))}
                </Space>
              ) : null
          : undefined
      }
    >
      {record && (
        <Space direction="vertical" size="large" style={{ width: "100%" }}>
          <FieldDescriptions def={def} record={record} />
          {def.show?.sections?.map((Section, i) => <Section key={i} record={record} />)}
        </Space>
      )}
    </Show>
  );
}
