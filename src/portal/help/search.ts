// The help centre's search: checking the text and opening the result list with page 1.
import { KEYWORD_MAX } from "./api";
import { setHelpPageInfo } from "../helpPageInfo";

export type KeywordProblem = "keywordRequired" | "keywordTooLong" | null;

export function keywordProblem(text: string): KeywordProblem {
  const keyword = text.trim();
  if (keyword === "") return "keywordRequired";
  if (keyword.length > KEYWORD_MAX) return "keywordTooLong";
  return null;
}

export function searchListPath(keyword: string): string {
  return `/main/helpCenterInfo?keyword=${encodeURIComponent(keyword.trim())}`;
}

export function folderListPath(folderId: number, folderName: string): string {
  return `/main/helpCenterInfo?folderId=${folderId}&name=${encodeURIComponent(folderName)}`;
}

/** A new list starts on its first page (helpSubPageInfo), with its title. */
export function startList(subTitle: string): void {
  setHelpPageInfo({ isSubPage: true, subTitle, currentPage: 1, queryDetailId: null });
}
