/** The success envelope of every answer (ARCHITECTURE 3). */
export const ok = <T, E extends object = {}>(
  data: T,
  extra: E = {} as E,
): { code: number; data: T; resultMessage: string; resultEnMessage: string } & NoInfer<E> => ({
  code: 0,
  data,
  resultMessage: "操作成功",
  resultEnMessage: "Success",
  // Typed, so an operation whose envelope adds fields (the legacy login answers) is checked too;
  // NoInfer: E comes from the argument only, never from the answer type a handler expects.
  ...extra,
});

/** Paged data of every /page call. */
export const paged = <T>(records: T[], total: number, page: number, pageSize: number) =>
  ok({ records, total, page, pageSize });
