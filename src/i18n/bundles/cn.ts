// The cn words of the login pages and the user shell's frame and workspace: every namespace but the
// admin ones and those of the user shell's other pages (cnPages.ts), one chunk loaded before the
// first render (src/i18n/index.ts loadLanguage).
export default import.meta.glob<Record<string, unknown>>(
  [
    "../locales/cn/*.json",
    "!../locales/cn/admin*.json",
    "!../locales/cn/{apps,complaints,dataCentre,help,schedule,search,taskCentre}.json",
  ],
  { eager: true, import: "default" },
);
