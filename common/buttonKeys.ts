// The button-key rule, one module for both sides (issue 22 item 2): the web app's access control
// and menu editor and the server's menus handler import it. It imports nothing, so the server (run
// by tsx) and the web app (bundled by Vite) can both load it.

/** `/sys/user` -> `sys:user`: the prefix of a menu's button keys. */
export function buttonPrefix(menuUrl: string): string {
  return menuUrl.split("/").filter(Boolean).join(":");
}

/** `("/sys/user", "add")` -> `sys:user:add`: the key of one button of a menu. */
export function buttonKey(menuUrl: string, action: string): string {
  return `${buttonPrefix(menuUrl)}:${action}`;
}
