// refine's Create, Edit and Show pages with a back button a keyboard and screen-reader user can use
// (issue 21). refine puts its back Button inside pro-layout's `<div role="button" aria-label="back">`:
// a control inside a control (axe nested-interactive), named in English whatever the language.
// Here the header has no back icon of its own (goBack null) and the title starts with a plain
// button named in the page's language. Every admin form and detail page imports these.
import type { ReactNode } from "react";
import { Button, Typography } from "antd";
import { ArrowLeftOutlined } from "@ant-design/icons";
import { useBack } from "@refinedev/core";
import { Create as RefineCreate, Edit as RefineEdit, Show as RefineShow, type CreateProps, type EditProps, type ShowProps } from "@refinedev/antd";
import { useTranslation } from "react-i18next";

function BackTitle({ title }: { title: ReactNode }) {
  const { t } = useTranslation("admin");
  const back = useBack();
  return (
    <span style={{ display: "inline-flex", alignItems: "center", gap: 8 }}>
      <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t("refine.buttons.back")} data-testid="admin-page-back" onClick={() => back()} />
      {typeof title === "string" ? (
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
      ) : (
        title
      )}
    </span>
  );
}

type Titled<P> = P & { title: ReactNode };

export function Create({ title, ...props }: Titled<CreateProps>) {
  return <RefineCreate {...props} goBack={null} title={<BackTitle title={title} />} />;
}

export function Edit({ title, ...props }: Titled<EditProps>) {
  return <RefineEdit {...props} goBack={null} title={<BackTitle title={title} />} />;
}

export function Show({ title, ...props }: Titled<ShowProps>) {
  return <RefineShow {...props} goBack={null} title={<BackTitle title={title} />} />;
}
