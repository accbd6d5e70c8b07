// A result field with the searched words marked (<mark>), "--" when the field is empty.
import { createContext, useContext } from "react";

import { highlightParts } from "./highlight";
import styles from "./search.module.css";

/** The text being searched, for every Highlight below the result page. */
export const SearchTextContext = createContext("");

export const dash = (value: string | number | null | undefined) => (value === null || value === undefined || value === "" ? "--" : String(value));

export function Highlight({ text }: { text: string | null | undefined }) {
  const keyword = useContext(SearchTextContext);
  if (text === null || text === undefined || text === "") return <>--</>;
  return (
    <>
      {highlightParts(text, keyword).map((part, index) =>
        part.hit ? (
          <mark key={index} className={styles.hit}>
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
