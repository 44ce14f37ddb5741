// Placeholder until this screen is built (issue 3); replaced by its owner.
export default function Placeholder() {
  return <h1>Test API</h1>;
}
