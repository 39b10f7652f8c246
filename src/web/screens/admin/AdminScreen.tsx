import { PageHeader } from "../../components/PageHeader.js";

export default function AdminScreen() {
  return <PageHeader title="Admin — All Properties" />;
}
