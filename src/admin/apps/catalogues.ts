// The three catalogues of the application menu (spec 2.3, 3, 7.4): what differs between them.
// Applications have tags; portal applications do not; data sources have a compatibility range
// instead of a keyword, description and image, and are changed by POST with their id. Applications
// and data sources can be deleted after a confirmation (spec 5); portal applications cannot (the
// contract has no delete for them).
export type CatalogueName = "bscApp" | "bscPortalApp" | "bscChart";

export interface Catalogue {
  /** The data provider's resource, refine's resource name and the key of its words. */
  resource: CatalogueName;
  /** Keyword, description and image (the applications). */
  app: boolean;
  tagged: boolean;
  /** The locale key of the delete confirmation (spec 5), or null: the catalogue has no delete. */
  deleteConfirm: string | null;
  /** The contract changes this catalogue's rows with POST and the id (refine's create). */
  updateByCreate: boolean;
}

export const CATALOGUES: Record<CatalogueName, Catalogue> = {
  bscApp: { resource: "bscApp", app: true, tagged: true, deleteConfirm: "actions.deleteAppConfirm", updateByCreate: false },
  bscPortalApp: { resource: "bscPortalApp", app: true, tagged: false, deleteConfirm: null, updateByCreate: false },
  bscChart: { resource: "bscChart", app: false, tagged: false, deleteConfirm: "actions.deleteConfirm", updateByCreate: true },
};

export const DEVICES = ["mobile", "pc", "all"] as const;
export type Device = (typeof DEVICES)[number];

/** What the server accepts as an address: http(s) or a path of this product (common.yaml Url). */
export const ADDRESS = /^(https?:\/\/|\/)/;

/** The record of any catalogue as the lists answer it. */
export interface CatalogueRecord {
  id: number;
  name: string;
  url: string;
  keyword?: string;
  description?: string | null;
  image?: string | null;
  labelIds?: number[];
  compatibilityRange?: string | null;
  userDevice: Device;
  status: number;
  createTime?: string;
  /** The version the list read; an edit sends it back (issue 20). */
  version?: number;
}

/** The body of a save: blank optional texts become null; the id is added by the caller. */
export function saveBody(c: Catalogue, v: Record<string, any>) {
  const text = (s: unknown) => (typeof s === "string" && s.trim() ? s.trim() : null);
  const base = { name: String(v.name ?? "").trim(), url: String(v.url ?? "").trim(), userDevice: v.userDevice as Device };
  if (!c.app) return { ...base, compatibilityRange: text(v.compatibilityRange) };
  return {
    ...base,
    keyword: String(v.keyword ?? "").trim(),
    description: text(v.description),
    image: text(v.image),
    ...(c.tagged ? { labelIds: (v.labelIds as number[] | undefined) ?? [] } : {}),
  };
}
