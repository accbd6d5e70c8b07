// Avatar upload rules of spec 5 and the progress of spec 4, as plain functions.
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_EXTENSIONS = ["png", "jpg", "jpeg", "heif", "heic"] as const;
/** Spec 4: progress counted 0 to 99 at a 20 ms step; success sets 100. */
export const PROGRESS_STEP_MS = 20;
export const PROGRESS_CAP = 99;

export type AvatarCheck = "ok" | "format" | "size";

/** Checks a chosen file by name and size before it is sent (the server checks the bytes). */
export function checkAvatarFile(file: { name: string; size: number }): AvatarCheck {
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase();
  if (!extension || !(AVATAR_EXTENSIONS as readonly string[]).includes(extension)) return "format";
  if (file.size > AVATAR_MAX_BYTES) return "size";
  return "ok";
}

/**
 * Counts 0, 1, ... 99 every 20 ms while the upload runs; `finish()` sets 100 (success) and
 * `stop()` leaves the count where it is (failure). Returns the controls.
 */
export function startProgress(onProgress: (percent: number) => void, timers: Pick<typeof globalThis, "setInterval" | "clearInterval"> = globalThis) {
  let percent = 0;
  onProgress(percent);
  const timer = timers.setInterval(() => {
    if (percent >= PROGRESS_CAP) return;
    percent += 1;
    onProgress(percent);
  }, PROGRESS_STEP_MS);
  return {
    finish() {
      timers.clearInterval(timer);
      percent = 100;
      onProgress(percent);
    },
    stop() {
      timers.clearInterval(timer);
    },
  };
}
