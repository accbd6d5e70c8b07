import { BookOutlined } from "@ant-design/icons";
import { defineAdminResource } from "../crud";
import { KnowledgeIndex } from "../policy/KnowledgeIndex";

/** Policies and their folders (spec 2.3 /knowledgeIndex, spec 7.6 bscFolder and bscPolicy). */
export default defineAdminResource({
  name: "knowledgeIndex",
  route: "/knowledgeIndex",
  parent: "policy",
  label: "menu.knowledgeIndex",
  icon: <BookOutlined />,
  ns: "adminPolicy",
  order: 1,
  actions: { create: true, edit: true, delete: true, status: true, export: true },
  pages: { list: KnowledgeIndex },
});
