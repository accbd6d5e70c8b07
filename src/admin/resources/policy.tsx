import { FileTextOutlined } from "@ant-design/icons";
import { defineAdminResource } from "../crud";

/** Group: policies (spec 2.3: /knowledgeIndex, /privacyPolicyList, /privacyPolicyAdd). */
export default defineAdminResource({ name: "policy", label: "menu.policy", icon: <FileTextOutlined />, menuUrl: "/policy", order: 40 });
