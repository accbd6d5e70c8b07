import { afterEach, describe, expect, it, vi } from "vitest";
import { AVATAR_MAX_BYTES, checkAvatarFile, startProgress } from "./upload";

afterEach(() => vi.useRealTimers());

describe("checkAvatarFile (spec 5)", () => {
  it("takes png, jpg, jpeg, heif and heic in any case", () => {
    for (const name of ["a.png", "b.JPG", "c.jpeg", "d.heif", "e.HEIC"]) expect(checkAvatarFile({ name, size: 10 })).toBe("ok");
  });
  it("refuses other formats and names without an extension", () => {
    for (const name of ["a.gif", "a.exe", "a.png.exe", "png", "a."]) expect(checkAvatarFile({ name, size: 10 })).toBe("format");
  });
  it("refuses more than 5 MB and takes exactly 5 MB", () => {
    expect(checkAvatarFile({ name: "a.png", size: AVATAR_MAX_BYTES })).toBe("ok");
    expect(checkAvatarFile({ name: "a.png", size: AVATAR_MAX_BYTES + 1 })).toBe("size");
  });
});

describe("startProgress (spec 4)", () => {
  it("counts 0 to 99 at 20 ms steps and stops at 99", () => {
    vi.useFakeTimers();
    const seen: number[] = [];
    const progress = startProgress((p) => seen.push(p));
    expect(seen).toEqual([0]);
    vi.advanceTimersByTime(20);
    expect(seen.at(-1)).toBe(1);
    vi.advanceTimersByTime(20 * 98);
    expect(seen.at(-1)).toBe(99);
    vi.advanceTimersByTime(20 * 50);
    expect(seen.at(-1)).toBe(99);
    progress.finish();
    expect(seen.at(-1)).toBe(100);
  });
  it("stays where it is when the upload fails", () => {
    vi.useFakeTimers();
    const seen: number[] = [];
    const progress = startProgress((p) => seen.push(p));
    vi.advanceTimersByTime(100);
    progress.stop();
    vi.advanceTimersByTime(1000);
    expect(seen.at(-1)).toBe(5);
  });
});
