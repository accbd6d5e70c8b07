import { ApiError } from "./errors.ts";
import { detectAvatar, detectGeneralFile, detectPicture, type Detected } from "./fileTypes.ts";

/** One uploaded file part, read whole but never past its operation's limit (plugins/uploads.ts). */
export class UploadedPart {
  constructor(
    /** The client's name for it (folder part and control characters removed). */
    readonly fileName: string,
    readonly bytes: Buffer,
  ) {}
}

export type FilePurpose = "avatar" | "picture" | "file";

/** Each upload operation: what it stores, how its type is recognised, how a refusal reads. */
export interface UploadRule {
  purpose: FilePurpose;
  /** The noun of the size message ("图片" / "Image" or "文件" / "File"). */
  noun: "image" | "file";
  detect: (bytes: Buffer, fileName: string) => Detected | null;
  wrongType: () => ApiError;
  /**
   * Pictures a browser shows: a HEIF/HEIC one is stored as a JPEG whose longer side is at most this
   * many pixels (issue 21: only Safari shows HEIC; lib/heic/toJpeg.ts).
   */
  heicToJpegMaxSide?: number;
}

export const UPLOAD_RULES: Record<string, UploadRule> = {
  // Spec 5 avatar upload: png, jpg, jpeg, heif, heic; at most 5 MB ("picFormatTip", "picSizeLimit").
  fileUpload: {
    purpose: "avatar",
    noun: "image",
    detect: (bytes) => detectAvatar(bytes),
    wrongType: () => new ApiError(415, 415, "请上传 png、jpg、jpeg、heif、heic 格式的图片", "Please upload images in png, jpg, jpeg, heif or heic format"),
    // An avatar is shown at most a few hundred pixels wide, on any screen.
    heicToJpegMaxSide: 512,
  },
  // Spec 5 policy images: at most 50 MB (issue 7, the policy editor).
  uploadPicture: {
    purpose: "picture",
    noun: "image",
    detect: (bytes) => detectPicture(bytes),
    wrongType: () => new ApiError(415, 415, "请上传 png、jpg、jpeg、gif、webp、heif、heic 格式的图片", "Please upload images in png, jpg, jpeg, gif, webp, heif or heic format"),
    // A picture in a policy's text: as wide as a large screen.
    heicToJpegMaxSide: 2048,
  },
  uploadFile: {
    purpose: "file",
    noun: "file",
    detect: detectGeneralFile,
    wrongType: () =>
      new ApiError(
        415,
        415,
        "请上传 pdf、doc、docx、xls、xlsx、ppt、pptx、txt、csv、zip、png、jpg、jpeg、gif 格式的文件",
        "Please upload files in pdf, doc, docx, xls, xlsx, ppt, pptx, txt, csv, zip, png, jpg, jpeg or gif format",
      ),
  },
};

/** Over the operation's limit (the contract's maxLength of the file part): HTTP 413, spec 5 wording. */
export function tooLarge(noun: "image" | "file", maxBytes: number) {
  const mb = Math.round((maxBytes / (1024 * 1024)) * 10) / 10;
  return noun === "image"
    ? new ApiError(413, 413, `图片大小超过${mb}MB限制`, `Image size has been exceeded the limit ${mb}MB`)
    : new ApiError(413, 413, `文件大小超过${mb}MB限制`, `File size has been exceeded the limit ${mb}MB`);
}

/** Where a stored file is read: API-relative, so the web's client adds its base and the session headers. */
export const fileUrl = (id: number) => `/fileInfoEx/downloadFile?id=${id}`;

/** The name a converted picture is stored under: its own, ending in .jpg. */
export const jpegFileName = (fileName: string) => `${fileName.replace(/\.(heic|heif)$/i, "") || "picture"}.jpg`;
