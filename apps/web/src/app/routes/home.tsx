/** Placeholder: this screen is filled by a later issue. */
export default function Screen() {
  return (
    <main className="mx-auto max-w-7xl px-4 py-12">
      <h1 className="text-3xl font-semibold">Home</h1>
    </main>
  );
}
