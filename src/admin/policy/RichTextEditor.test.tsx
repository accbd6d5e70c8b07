// The editor makes stored content live in the admin's page: it sanitises it first (a second layer
// behind the server's sanitiser), keeping the formatting and the stored picture addresses.
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";

import { providersWrapper } from "../../auth/test-support";
import { setLanguage } from "../../i18n";
import { RichTextEditor } from "./RichTextEditor";

describe("RichTextEditor", () => {
  beforeAll(() => setLanguage("en"));
  afterEach(cleanup);

  it("never puts handlers, scripts or javascript: links of a value into the page", () => {
    const value =
      '<p><b>Rule</b> <img src="x" onerror="window.__pwned=1"><a href="javascript:alert(1)">go</a></p>' +
      '<script>window.__pwned=1</script><svg onload="window.__pwned=1"></svg><iframe srcdoc="x"></iframe>';
    render(<RichTextEditor value={value} />, { wrapper: providersWrapper() });
    const area = screen.getByTestId("policy-content-editor");
    expect(area.querySelector("b")?.textContent).toBe("Rule");
    expect(area.querySelector("script, svg, iframe, [onerror], [onload]")).toBeNull();
    expect(area.querySelector("a")?.getAttribute("href") ?? "").not.toMatch(/javascript/i);
  });
});
