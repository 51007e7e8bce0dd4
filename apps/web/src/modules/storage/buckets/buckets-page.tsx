import { type Bucket, bucketsResource } from '@pult/contract';
import { useTranslation } from '../../../i18n/use-translation';
import { DeleteRowButton, EditRowLink, ResourceTable, useListReturnState } from '../../../table';
import { ListPageHeader } from '../../../ui/list-page-header';
import { DeleteBucketDialog } from './delete-bucket-dialog';
import { useDeleteBucket } from './use-delete-bucket';

/** Route `/storage/buckets`: every bucket with its rules, file count and bytes used. */
export default function BucketsPage() {
  const { t } = useTranslation();
  const returnState = useListReturnState();
  const remove = useDeleteBucket();
  const title = t('menu.items.storageBuckets');
  return (
    <>
      <ListPageHeader
        title={title}
        createLabel={t('storage.buckets.create')}
        create={{ to: '/storage/buckets/create', state: returnState }}
      />
      <ResourceTable<Bucket>
        descriptor={bucketsResource}
        label={title}
        rowActions={(bucket) => (
          <>
            <EditRowLink to={`/storage/buckets/edit?id=${bucket.id}`} name={bucket.name} />
            <DeleteRowButton name={bucket.name} onClick={() => remove.ask(bucket)} />
          </>
        )}
      />
      <DeleteBucketDialog remove={remove} />
    </>
  );
}
