/** The suite runs the compiled server, as `npm start` does: build it when it is missing or stale. */
export default async function setup(): Promise<void> {
  const build = (await import('../../scripts/build.mjs' as string)) as {
    apiBuildIsStale(): Promise<boolean>;
    buildApi(): Promise<void>;
  };
  if (await build.apiBuildIsStale()) await build.buildApi();
}
