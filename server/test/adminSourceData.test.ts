import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./helper.ts";
import { upload } from "./uploadFixtures.ts";

// Source data (spec 2.3 /originDataList): pages per kind, the all-or-nothing import (CSV and
// .xlsx, upsert by natural key, a row-by-row report) and the template; found by the global search.

let t: TestApp;
let admin: string;
let staff: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login("admin", "Admin@12345");
  staff = await t.login("zhangwei", "Staff@12345");
});
afterAll(() => t.close());

const expect403 = (res: { statusCode: number; json(): any }) => expect([res.statusCode, res.json().code]).toEqual([403, 4003]);
const csv = (text: string) => ({ filename: "data.csv", type: "text/csv", data: Buffer.from(text, "utf8") });
const importFile = (kind: string, file: { filename: string; type: string; data: Buffer }, sid = admin) =>
  upload(t, `/sourceData/${kind}/import`, sid, file);
const count = async (table: string) => Number((await t.sql.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
const page = async (kind: string, body: Record<string, unknown> = {}, sid = admin) =>
  t.call("POST", `/sourceData/${kind}/page`, { sid, body });

async function xlsx(rows: (string | number | Date | null)[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("s");
  rows.forEach((r) => ws.addRow(r));
  return {
    filename: "data.xlsx",
    type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    data: Buffer.from(await wb.xlsx.writeBuffer()),
  };
}

describe("pages (POST /sourceData/{kind}/page)", () => {
  it("pages each kind with its filters and sort", async () => {
    const all = (await page("employee", { pageSize: 5 })).json().data;
    expect(all.total).toBe(await count("md_employee"));
    expect(all.records).toHaveLength(5);
    const nos = all.records.map((r: any) => r.employeeNo);
    expect(nos).toEqual([...nos].sort());
    const desc = (await page("employee", { pageSize: 5, sortField: "employeeNo", sortOrder: "desc" })).json().data.records;
    expect(desc[0].employeeNo > desc[4].employeeNo).toBe(true);
    const one = (await t.sql.query("SELECT employee_no, english_name, city FROM md_employee WHERE city IS NOT NULL LIMIT 1")).rows[0];
    const byKw = (await page("employee", { keyword: one.english_name.toLowerCase() })).json().data;
    expect(byKw.records.map((r: any) => r.employeeNo)).toContain(one.employee_no);
    const byCity = (await page("employee", { city: one.city, pageSize: 100 })).json().data.records;
    expect(byCity.length).toBeGreaterThan(0);
    expect(byCity.every((r: any) => r.city.toLowerCase().includes(one.city.toLowerCase()))).toBe(true);

    const upn = (await t.sql.query("SELECT upn, status FROM md_upn LIMIT 1")).rows[0];
    const upns = (await page("upn", { status: upn.status.toUpperCase(), pageSize: 100 })).json().data;
    expect(upns.total).toBe(Number((await t.sql.query("SELECT count(*) n FROM md_upn WHERE status = $1", [upn.status])).rows[0].n));
    expect((await page("upn", { keyword: upn.upn })).json().data.records[0].upn).toBe(upn.upn);

    const cert = (await t.sql.query("SELECT certificate_code FROM md_nmpa_certificate LIMIT 1")).rows[0];
    const certs = (await page("nmpa", { keyword: cert.certificate_code })).json().data;
    expect(certs.records.map((r: any) => r.certificateCode)).toContain(cert.certificate_code);
    const byDate = (await page("nmpa", { sortField: "approvedDate", sortOrder: "desc", pageSize: 3 })).json().data.records;
    expect(byDate[0].approvedDate >= byDate[2].approvedDate).toBe(true);
  });

  it("refuses an unknown sort field or filter (400)", async () => {
    expect((await page("employee", { sortField: "email" })).statusCode).toBe(400);
    expect((await page("upn", { bogus: 1 })).statusCode).toBe(400);
    expect((await page("nmpa", { pageSize: 101 })).statusCode).toBe(400);
  });
});

describe("import (POST /sourceData/{kind}/import)", () => {
  it("imports nothing when one row is bad and reports every failing cell by row", async () => {
    const before = await count("md_employee");
    const res = await importFile(
      "employee",
      csv(
        "employeeNo,chineseName,englishName,email,city\n" +
          "T100001,测试一,Test One,one@example.com,Shanghai\n" +
          "T100002,测试二,Test Two,not-an-email,Beijing\n" +
          ",,,,\n" +
          "T100001,重复,Dup,dup@example.com,Suzhou\n" +
          "T100004,,,,Wuhan\n",
      ),
    );
    expect(res.statusCode).toBe(400);
    const b = res.json();
    expect(b.code).toBe(400);
    expect(b.resultEnMessage).toContain("nothing was imported");
    expect(b.rowErrors.map((e: any) => [e.row, e.field])).toEqual([
      [3, "email"],
      [5, "employeeNo"],
      [6, "chineseName"],
    ]);
    expect(b.rowErrors[0]).toMatchObject({ value: "not-an-email", message: "请输入正确邮箱地址！" });
    expect(b.rowErrors[1].enMessage).toContain("row 2");
    expect(await count("md_employee")).toBe(before);
    expect((await t.sql.query("SELECT 1 FROM md_employee WHERE employee_no = 'T100001'")).rowCount).toBe(0);
  });

  it("reports header problems on row 1, an empty file and a file without data rows", async () => {
    const r1 = (await importFile("upn", csv("upn,name,colour\nU-1,A,Active\n"))).json();
    expect(r1.rowErrors.map((e: any) => [e.row, e.field])).toEqual([[1, "colour"], [1, "status"]]);
    const r2 = await importFile("upn", csv("upn,name,status\n\n"));
    expect([r2.statusCode, r2.json().rowErrors[0].enMessage]).toEqual([400, "The file has no data rows"]);
    const r3 = await importFile("nmpa", csv("certificateCode,productNameCn,validFrom,validTo\nC-1,产品,2025-02-30,2024-01-01\nC-2,产品,2025-01-01,2024-01-01\n"));
    expect(r3.json().rowErrors.map((e: any) => [e.row, e.field])).toEqual([[2, "validFrom"], [3, "validTo"]]);
  });

  it("refuses a file that is neither CSV nor xlsx (415)", async () => {
    const res = await importFile("employee", { filename: "x.bin", type: "application/octet-stream", data: Buffer.from([0, 1, 2, 0xff, 0xfe]) });
    expect([res.statusCode, res.json().code]).toEqual([415, 415]);
  });

  it("imports a good CSV (Chinese headers accepted), upserts by the key and search finds the rows", async () => {
    const res = await importFile(
      "employee",
      csv("\uFEFF工号,中文名,英文名,邮箱,部门,城市\nT200001,导入甲,Importa Alpha,alpha@example.com,QA,Xiamen\nT200002,导入乙,Importa Beta,,QA,Xiamen\n"),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ kind: "employee", total: 2, created: 2, updated: 0 });
    const found = await t.call("POST", "/search/searchEmployee", { sid: staff, body: { keyword: "Importa" } });
    expect(found.json().data.records.map((r: any) => r.employeeNo).sort()).toEqual(["T200001", "T200002"]);

    // The same key again replaces that record (an empty optional cell clears the field).
    const again = await importFile("employee", csv("employeeNo,englishName,city\nT200001,Importa Alpha,Fuzhou\nT200003,Importa Gamma,Fuzhou\n"));
    expect(again.json().data).toMatchObject({ created: 1, updated: 1 });
    const row = (await t.sql.query("SELECT chinese_name, city, email FROM md_employee WHERE employee_no = 'T200001'")).rows[0];
    expect(row).toEqual({ chinese_name: null, city: "Fuzhou", email: null });

    const audit = await t.sql.query("SELECT entity, entity_id, after FROM sys_audit_log WHERE operation_id = 'importSourceData' ORDER BY id");
    expect(audit.rows.map((r) => [r.entity, r.entity_id, r.after.total])).toEqual([["sourceData", "employee", 2], ["sourceData", "employee", 2]]);
  });

  it("imports a good xlsx (Excel dates read as dates) and search finds the certificates and UPNs", async () => {
    const file = await xlsx([
      ["certificateCode", "productNameCn", "productNameEn", "validFrom", "validTo", "approvedDate", "category"],
      ["国械注准XLSX0001", "表格导入导管", "Sheet catheter", new Date(Date.UTC(2024, 0, 5)), "2029/1/4", "2024-01-05", "III"],
      ["国械注准XLSX0002", "表格导入支架", null, null, null, null, "II"],
    ]);
    const res = await importFile("nmpa", file);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ kind: "nmpa", total: 2, created: 2, updated: 0 });
    const found = (await t.call("POST", "/search/searchNMPAList", { sid: staff, body: { keyword: "XLSX000" } })).json().data.records;
    expect(found.map((r: any) => [r.certificateCode, r.validFrom, r.validTo])).toEqual([
      ["国械注准XLSX0001", "2024-01-05", "2029-01-04"],
      ["国械注准XLSX0002", null, null],
    ]);

    const upnFile = await xlsx([["upn", "name", "status", "restrictReason"], ["XU-0001", "Sheet wire", "Restricted", "Recall"]]);
    expect((await importFile("upn", upnFile)).statusCode).toBe(200);
    const upns = (await t.call("POST", "/search/searchUPNList", { sid: staff, body: { keyword: "XU-0001" } })).json().data.records;
    expect(upns).toEqual([{ upn: "XU-0001", name: "Sheet wire", status: "Restricted", restrictReason: "Recall" }]);
    // Re-importing the same UPN with another status updates it.
    const upd = await importFile("upn", csv("upn,name,status\nXU-0001,Sheet wire,Active\n"));
    expect(upd.json().data).toMatchObject({ created: 0, updated: 1 });
    expect((await page("upn", { keyword: "XU-0001" })).json().data.records[0]).toMatchObject({ status: "Active", restrictReason: null });
  });
});

describe("template (GET /sourceData/{kind}/template)", () => {
  it("gives an xlsx whose header imports back, and a CSV on request", async () => {
    const res = await t.call("GET", "/sourceData/upn/template", { sid: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toContain("upn-import-template.xlsx");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0].getRow(1).values).toEqual([undefined, "upn", "name", "status", "restrictReason"]);
    const c = await t.call("GET", "/sourceData/employee/template", { sid: admin, query: { format: "csv" } });
    expect(c.headers["content-type"]).toContain("text/csv");
    expect(c.body.replace(/^\uFEFF/, "").split("\r\n")[0]).toBe("employeeNo,chineseName,englishName,title,email,department,supervisor,city");
    expect((await t.call("GET", "/sourceData/other/template", { sid: admin })).statusCode).toBe(400);
  });
});

describe("permissions", () => {
  it("refuses a staff user on every operation (403, code 4003) and lets nothing in", async () => {
    for (const kind of ["employee", "upn", "nmpa"]) {
      expect403(await page(kind, {}, staff));
      expect403(await t.call("GET", `/sourceData/${kind}/template`, { sid: staff }));
      expect403(await importFile(kind, csv("upn,name,status\nSTAFF-1,x,Active\n"), staff));
    }
    expect((await t.sql.query("SELECT 1 FROM md_upn WHERE upn = 'STAFF-1'")).rowCount).toBe(0);
  });
});
