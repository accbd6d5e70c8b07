// refine shows meta.label as it is (side menu, breadcrumb, list titles). The admin resources
// (crud/registry.tsx) keep an admin.json key there; this provider hands refine those resources
// with the label in the current language, so every place refine prints a resource name is
// translated in one spot. The admin <Refine> (AdminRefine.tsx) holds them untranslated; this context is nested inside it.
import { useMemo, type ReactNode } from "react";
import { ResourceContext, type ResourceProps } from "@refinedev/core";
import { useTranslation } from "react-i18next";

export function TranslatedResources({ resources, children }: { resources: ResourceProps[]; children: ReactNode }) {
  const { t, i18n } = useTranslation("admin");
  const language = i18n.language;

  const translated = useMemo(
    () =>
      resources.map((resource) =>
        typeof resource.meta?.label === "string"
          ? { ...resource, meta: { ...resource.meta, label: t(resource.meta.label) } }
          : resource,
      ),
    // language: t keeps its identity across a language change, the labels must not.
    [resources, t, language],
  );

  return <ResourceContext.Provider value={{ resources: translated }}>{children}</ResourceContext.Provider>;
}
