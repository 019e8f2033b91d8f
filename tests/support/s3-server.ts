import fs from 'node:fs'
import S3rver from 's3rver'
import { freePort } from './free-port.ts'
import { tempDir } from './temp-dir.ts'

/**
 * A local S3-compatible server for the tests (s3rver, files in a temporary folder) with one bucket,
 * and the environment an instance needs to use it (STORAGE=s3). `close` stops it and removes the folder.
 */
export async function startS3Server(bucket = 'kabu-test') {
  const directory = tempDir('s3')
  const port = await freePort()
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  })
  await server.run()
  const env = {
    STORAGE: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    // s3rver's fixed development credentials.
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  }
  return {
    env,
    directory,
    async close() {
      await server.close()
      fs.rmSync(directory, { recursive: true, force: true })
    },
  }
}
