import { PageHeader } from "../../components/PageHeader.js";

export default function RatesScreen() {
  return <PageHeader title="Rates" />;
}
