// The generic show view of a definition: its shown fields (default: the listed ones) as a
// description list with the list's cells (a status as a tag), then the definition's own sections.
import { useParsed, useShow } from "@refinedev/core";
import { Descriptions } from "antd";
import { useTranslation } from "react-i18next";

import { StatusTag } from "../StatusSwitch";
import { cellOf, keyOf, nsOf } from "./fields";
import { Show } from "./pages";
import type { AdminResourceDef } from "./types";

export function ResourceShow({ def }: { def: AdminResourceDef }) {
  const { t } = useTranslation(["admin", nsOf(def)]);
  const { id } = useParsed();
  const { query, result: record } = useShow<Record<string, unknown>>({ resource: def.name, id });
  const shown = (def.fields ?? []).filter((f) => f.show ?? Boolean(f.list));
  return (
    <Show
      title={def.texts?.showTitle ? t(keyOf(def, def.texts.showTitle)) : t("crud.titles.show", { name: t(def.label) })}
      isLoading={query.isLoading}
      canDelete={false}
    >
      {record && (
        <>
          <Descriptions column={1} bordered>
            {shown.map((f) => (
              <Descriptions.Item key={f.name} label={t(keyOf(def, f.label))}>
                {f.kind === "status" ? <StatusTag status={Number(record[f.name])} keys={def.texts?.statusKeys ?? "crud"} /> : cellOf(def, f, record[f.name], record, t)}
              </Descriptions.Item>
            ))}
          </Descriptions>
          {def.show?.sections?.map((Section, i) => <Section key={i} record={record} />)}
        </>
      )}
    </Show>
  );
}
