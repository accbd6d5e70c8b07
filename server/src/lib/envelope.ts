/** The success envelope of every answer (ARCHITECTURE 3). */
export const ok = <T>(data: T, extra: Record<string, unknown> = {}) => ({
  code: 0,
  data,
  resultMessage: "操作成功",
  resultEnMessage: "Success",
  ...extra,
});

/** Paged data of every /page call. */
export const paged = <T>(records: T[], total: number, page: number, pageSize: number) =>
  ok({ records, total, page, pageSize });
