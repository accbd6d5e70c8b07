// The en words of the admin shell (admin*.json), loaded with it (src/i18n/index.ts loadAdminLocales).
export default import.meta.glob<Record<string, unknown>>("../locales/en/admin*.json", { eager: true, import: "default" });
