import { describe, expect, it } from "vitest";

import { ADDRESS, CATALOGUES, saveBody } from "./catalogues";
import { searchFilters } from "./CatalogueList";

describe("catalogue save bodies", () => {
  it("trims the texts, turns blank optional ones into null and sends tags only for applications", () => {
    const values = { name: "  CRM ", url: " https://crm.example.com ", keyword: " crm ", description: "  ", image: "", userDevice: "pc", labelIds: [3, 4] };
    expect(saveBody(CATALOGUES.bscApp, values)).toEqual({
      name: "CRM",
      url: "https://crm.example.com",
      keyword: "crm",
      description: null,
      image: null,
      userDevice: "pc",
      labelIds: [3, 4],
    });
    expect(saveBody(CATALOGUES.bscPortalApp, values)).not.toHaveProperty("labelIds");
    expect(saveBody(CATALOGUES.bscApp, { ...values, labelIds: undefined })).toMatchObject({ labelIds: [] });
    expect(saveBody(CATALOGUES.bscChart, { ...values, compatibilityRange: " Chrome 90+ " })).toEqual({
      name: "CRM",
      url: "https://crm.example.com",
      userDevice: "pc",
      compatibilityRange: "Chrome 90+",
    });
  });

  it("accepts the addresses the server accepts", () => {
    expect(["https://a.example", "http://a", "/app-icons/1.svg"].every((a) => ADDRESS.test(a))).toBe(true);
    expect(["a.example", "javascript:alert(1)", "ftp://x", "data:image/png;base64,AA"].some((a) => ADDRESS.test(a))).toBe(false);
  });

  it("sends the search form as page filters: name by part, the choices exactly, blanks not at all", () => {
    expect(searchFilters({ name: "  crm ", status: 0, userDevice: undefined, labelId: 5 })).toEqual([
      { field: "name", operator: "contains", value: "crm" },
      { field: "status", operator: "eq", value: 0 },
      { field: "userDevice", operator: "eq", value: undefined },
      { field: "labelId", operator: "eq", value: 5 },
    ]);
    expect(searchFilters({ name: "   " })[0].value).toBeUndefined();
  });
});
