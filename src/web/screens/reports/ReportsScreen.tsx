import { PageHeader } from "../../components/PageHeader.js";

export default function ReportsScreen() {
  return <PageHeader title="Reports" />;
}
