/** A local S3-compatible server (S3rver) for the tests of the S3 storage driver, and the settings that use it. */
import S3rver from "s3rver";

/** Starts a local S3 server keeping the bucket "maison" in `directory`, on `port` (0: a free one). */
export async function startS3rver(directory: string, port = 0) {
  const server = new S3rver({
    port,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: "maison" }],
  });
  return { server, port: (await server.run()).port };
}

/** The app's settings for the bucket "maison" on a local S3 server at `port`, spooling under `dataDir`. */
export const s3Env = (port: number, dataDir: string) => ({
  DATA_DIR: dataDir,
  S3_BUCKET: "maison",
  S3_ENDPOINT: `http://127.0.0.1:${port}`,
  S3_ACCESS_KEY_ID: "S3RVER",
  S3_SECRET_ACCESS_KEY: "S3RVER",
});
