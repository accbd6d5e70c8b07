// The cn words of the login pages and the user shell: every namespace but the admin ones, one chunk
// loaded before the first render (src/i18n/index.ts loadLanguage).
export default import.meta.glob<Record<string, unknown>>(["../locales/cn/*.json", "!../locales/cn/admin*.json"], { eager: true, import: "default" });
