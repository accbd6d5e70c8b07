// antd and its family (@ant-design/*, rc-*, @rc-component/*) ship every module twice: an ES build
// (es/, or the package's "module" entry) and a CommonJS one (lib/, and @ant-design/icons' root
// files such as @ant-design/icons/ExclamationCircleFilled). Imported from this package (type
// "module"), a CommonJS copy's default export is its module.exports, an object, not the component:
// the production bundle then rendered an object and React threw error #130. Unit tests run the
// source under Node, where the import works, so only the built app showed it: every safety net of
// the app turned the window white (issue 18). Two guards, for vite.config.ts:
// - antdIconAlias sends an icon's root path to its ES build (third-party code imports them so too:
//   @ant-design/pro-layout's PageHeader, under refine);
// - esmOnly() fails the build when any CommonJS copy of those packages is still in it, naming the
//   module that imports it.
import type { Alias, Plugin } from "vite";

const FAMILY = String.raw`(?:antd|@ant-design[\\/][^\\/]+|rc-[^\\/]+|@rc-component[\\/][^\\/]+)`;
const COMMONJS_COPY = new RegExp(String.raw`[\\/]node_modules[\\/]${FAMILY}[\\/]lib[\\/]|[\\/]node_modules[\\/]@ant-design[\\/]icons[\\/][A-Z][A-Za-z0-9]*\.js$`);

/** Whether a module id is the CommonJS copy of a module of antd's family. */
export function isCommonJsCopy(id: string): boolean {
  return COMMONJS_COPY.test(id.split("?")[0]);
}

/** `@ant-design/icons/<Name>` (the CommonJS root file) resolved to `@ant-design/icons/es/icons/<Name>`. */
export const antdIconAlias: Alias = { find: /^@ant-design\/icons\/([A-Z][A-Za-z0-9]*)$/, replacement: "@ant-design/icons/es/icons/$1" };

const shortId = (id: string) => id.replace(/^.*[\\/]node_modules[\\/]/, "").replace(/^.*?[\\/](src[\\/])/, "$1");

/** Fails `vite build` when a CommonJS copy of a module of antd's family is bundled. */
export function esmOnly(): Plugin {
  const found = new Set<string>();
  return {
    name: "portal:esm-only",
    apply: "build",
    load(id) {
      if (isCommonJsCopy(id)) found.add(id);
      return null;
    },
    buildEnd() {
      if (found.size === 0) return;
      const lines = [...found].sort().map((id) => {
        const importers = (this.getModuleInfo(id)?.importers ?? []).filter((by) => !isCommonJsCopy(by)).map(shortId);
        return `  ${shortId(id)}${importers.length ? ` (imported by ${importers.join(", ")})` : ""}`;
      });
      this.error(
        `The CommonJS build of antd's family is in the bundle; its default export is not the component in the built app ` +
          `(React error #130). Import from the package itself (import { X } from "antd" / "@ant-design/icons") or its es/ build:\n${lines.join("\n")}`,
      );
    },
  };
}
