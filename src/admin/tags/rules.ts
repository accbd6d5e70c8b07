/**
 * English tag names: letters only, or letters with digits or symbols (spec 5) - the contract's
 * LabelEnName pattern (printable ASCII with at least one letter), around spaces the server trims.
 */
export const EN_NAME = /^\s*[ -~]*[A-Za-z][ -~]*\s*$/;
