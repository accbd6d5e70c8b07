import { CommentOutlined } from "@ant-design/icons";
import { defineAdminResource } from "../crud";

/** Group: complaints and comments (spec 2.3 task-management group). */
export default defineAdminResource({ name: "taskManagement", label: "menu.taskManagement", icon: <CommentOutlined />, menuUrl: "/taskManagement", order: 50 });
