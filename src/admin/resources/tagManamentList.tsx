import { TagsOutlined } from "@ant-design/icons";
import { defineAdminResource } from "../crud";

/** Group: tags (spec 2.3 /tagManamentList: recommended, application and BU tags). */
export default defineAdminResource({ name: "tagManamentList", label: "menu.tagManamentList", icon: <TagsOutlined />, menuUrl: "/tagManamentList", order: 20 });
