// The en words of the login pages and the user shell's frame and workspace: every namespace but the
// admin ones and those of the user shell's other pages (enPages.ts), one chunk loaded before the
// first render (src/i18n/index.ts loadLanguage).
export default import.meta.glob<Record<string, unknown>>(
  [
    "../locales/en/*.json",
    "!../locales/en/admin*.json",
    "!../locales/en/{apps,complaints,dataCentre,help,schedule,search,taskCentre}.json",
  ],
  { eager: true, import: "default" },
);
