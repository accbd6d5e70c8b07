// @vitest-environment node
// The layer rules of eslint.config.js (issue 22 item 4) refuse what they are meant to: each case
// lints one import as if written in a real file of the tree, through the project's own config, so
// a zone that stopped matching (a moved folder, a resolver that no longer finds .ts files) fails
// here instead of letting every import pass. `npm run lint` applies the same rules to all of src/.
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: path.resolve(".") });

async function refusal(file: string, code: string): Promise<string | null> {
  const [result] = await eslint.lintText(code, { filePath: path.resolve(file) });
  const errors = result.messages.filter((m) => m.severity === 2);
  return errors.length === 0 ? null : errors.map((m) => `${m.ruleId}: ${m.message}`).join("\n");
}

describe("the layers of src/", () => {
  it.each([
    ["the ground floor reaching a service", "src/shared/probe.ts", 'import { useAppSession } from "../auth/SessionProvider";\nexport const x = useAppSession;'],
    ["the ground floor reaching a feature (dynamic import)", "src/api/probe.ts", 'export const x = () => import("../portal/PortalShell");'],
    ["the ground floor reaching the personal centre (re-export)", "src/i18n/probe.ts", 'export { LanguageToggle } from "../account/LanguageToggle";'],
    ["a service reaching the personal centre", "src/auth/probe.ts", 'import "../account/People";'],
    ["a service reaching the root", "src/navigation/probe.ts", 'import App from "../App";\nexport const x = App;'],
    ["the personal centre reaching a shell", "src/account/probe.ts", 'import { PortalShell } from "../portal/PortalShell";\nexport const x = PortalShell;'],
    ["the admin reaching the portal", "src/admin/probe.ts", 'import { HelpDetail } from "../portal/help/HelpDetail";\nexport const x = HelpDetail;'],
    ["the portal reaching the admin", "src/portal/probe.ts", 'import { AdminShell } from "../admin/AdminShell";\nexport const x = AdminShell;'],
    ["the login pages reaching the portal", "src/login/probe.ts", 'import { AppCenter } from "../portal/apps/AppCenter";\nexport const x = AppCenter;'],
  ])("refuses %s", async (_case, file, code) => {
    expect(await refusal(file, code)).toMatch(/import-x\/no-restricted-paths/);
  });

  it("refuses an import it cannot resolve (it would pass every zone unseen)", async () => {
    expect(await refusal("src/shared/probe.ts", 'import { x } from "../auth/noSuchModule";\nexport const y = x;')).toMatch(/import-x\/no-unresolved/);
  });

  it.each([
    ["a feature using the layers below it", "src/portal/probe.ts", 'import { useAppSession } from "../auth/SessionProvider";\nimport { roleLabel } from "../account/roleLabel";\nimport { safeHref } from "../shared/links";\nexport const x = [useAppSession, roleLabel, safeHref];'],
    ["the ground floor using its foundations", "src/shared/probe.ts", 'import { i18n } from "../i18n";\nimport { usePortalClient } from "../api/ClientProvider";\nexport const x = [i18n, usePortalClient];'],
    ["the root composing the features", "src/App.tsx", 'import { AdminShell } from "./admin/AdminShell";\nimport { PortalShell } from "./portal/PortalShell";\nexport const x = [AdminShell, PortalShell];'],
  ])("allows %s", async (_case, file, code) => {
    expect(await refusal(file, code)).toBeNull();
  });
});
