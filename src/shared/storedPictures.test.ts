import { describe, expect, it } from "vitest";
import { storedPictureIds, withPictureUrls } from "./storedPictures";

const html = '<p>a<img src="/fileInfoEx/downloadFile?id=7" alt="x"></p><img alt="y" src="/fileInfoEx/downloadFile?id=9"><img src="https://cdn.example/z.png"><img src="/fileInfoEx/downloadFile?id=7">';

describe("stored pictures in policy content", () => {
  it("finds the stored pictures once each, not outside addresses", () => {
    expect(storedPictureIds(html)).toEqual([7, 9]);
    expect(storedPictureIds('<a href="/fileInfoEx/downloadFile?id=3">file</a>')).toEqual([]);
  });
  it("shows loaded pictures from their URL and nothing while loading or failed", () => {
    expect(withPictureUrls(html, new Map([[7, "blob:one"]]))).toBe(
      '<p>a<img src="blob:one" alt="x"></p><img alt="y" src=""><img src="https://cdn.example/z.png"><img src="blob:one">',
    );
  });
});
