const results = [
  { value: '10K+', label: 'Active users' },
  { value: '2.5M+', label: 'Messages automated' },
  { value: '99.9%', label: 'Uptime' },
];

export function LandingResults() {
  return (
    <section aria-labelledby="results-heading" className="py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <h2 id="results-heading" className="text-center text-3xl font-semibold tracking-tight text-slate-900 dark:text-white">
          Trusted by creators and growing brands
        </h2>
        <dl className="mt-12 grid gap-6 sm:grid-cols-3">
          {results.map((result) => (
            <div
              key={result.label}
              className="rounded-2xl border border-slate-200 p-8 text-center dark:border-slate-800"
            >
              <dd className="bg-gradient-to-r from-indigo-600 to-violet-600 bg-clip-text text-5xl font-semibold tracking-tight text-transparent dark:from-indigo-400 dark:to-violet-400">
                {result.value}
              </dd>
              <dt className="mt-2 text-sm font-medium text-slate-600 dark:text-slate-400">{result.label}</dt>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
