import S3rver from 's3rver';
import { S3Client, CreateBucketCommand, PutObjectCommand, GetObjectCommand, DeleteObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';
import os from 'node:os'; import fs from 'node:fs';
const dir = fs.mkdtempSync(os.tmpdir()+'/s3rver-');
const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir });
const { port } = await server.run();
console.log('port', port);
const client = new S3Client({ endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' });
await client.send(new CreateBucketCommand({ Bucket: 'pult' }));
await client.send(new PutObjectCommand({ Bucket: 'pult', Key: 'a/ü b.txt', Body: 'hello' }));
const got = await client.send(new GetObjectCommand({ Bucket: 'pult', Key: 'a/ü b.txt' }));
console.log('get', await got.Body.transformToString());
const big = Buffer.alloc(12*1024*1024, 7);
const up = new Upload({ client, params: { Bucket: 'pult', Key: 'big', Body: Readable.from([big.subarray(0, 6e6), big.subarray(6e6)]) }, partSize: 5*1024*1024, queueSize: 1 });
await up.done();
const head = await client.send(new HeadObjectCommand({ Bucket: 'pult', Key: 'big' }));
console.log('big', head.ContentLength);
const url = await getSignedUrl(client, new GetObjectCommand({ Bucket: 'pult', Key: 'a/ü b.txt', ResponseContentDisposition: 'attachment; filename="x.txt"' }), { expiresIn: 60 });
const r = await fetch(url); console.log('presigned', r.status, await r.text(), r.headers.get('content-disposition'));
// abort a multipart
const up2 = new Upload({ client, params: { Bucket: 'pult', Key: 'aborted', Body: Readable.from((async function*(){ yield Buffer.alloc(6e6); throw new Error('boom'); })()) }, partSize: 5*1024*1024, queueSize: 1, leavePartsOnError: false });
try { await up2.done(); } catch (e) { console.log('aborted ok', e.message); }
try { await client.send(new HeadObjectCommand({ Bucket: 'pult', Key: 'aborted' })); console.log('aborted exists!'); } catch (e) { console.log('aborted absent', e.name); }
await client.send(new DeleteObjectCommand({ Bucket: 'pult', Key: 'big' }));
await server.close();
