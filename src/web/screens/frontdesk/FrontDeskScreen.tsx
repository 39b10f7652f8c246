import { PageHeader } from "../../components/PageHeader.js";

export default function FrontDeskScreen() {
  return <PageHeader title="Front Desk" />;
}
