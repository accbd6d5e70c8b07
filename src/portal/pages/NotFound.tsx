// /main/404 (spec 2.2): the user shell's page for unknown children.
import { Button, Result } from "antd";
import { useTranslation } from "react-i18next";

import { useNavigateOnce } from "../../navigation/useNavigateOnce";

export default function NotFound() {
  const { t } = useTranslation("portal");
  const navigate = useNavigateOnce(); // the route shown already is not pushed again (spec 2.4)
  return (
    <Result
      status="404"
      title="404"
      subTitle={t("notFound.text")}
      extra={
        <Button type="primary" onClick={() => navigate("/main/workingSpace")}>
          {t("notFound.home")}
        </Button>
      }
    />
  );
}
