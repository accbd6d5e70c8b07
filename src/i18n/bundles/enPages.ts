// The en words of the user shell's pages other than the workspace (app, data, task and help centres,
// schedule, complaints, search), loaded with the first of those pages (src/i18n/index.ts
// loadPageLocales; issue 9: the login pages and the workspace do not download them).
export default import.meta.glob<Record<string, unknown>>("../locales/en/{apps,complaints,dataCentre,help,schedule,search,taskCentre}.json", {
  eager: true,
  import: "default",
});
