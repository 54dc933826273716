import { useId, useState } from 'react';
import { CatalogueImport } from '../../ui/CatalogueImport.tsx';
import { SearchField } from '../../ui/SearchField.tsx';
import { useVendorChoices } from './get-vendor-choices.ts';

/** The admin imports or exports a shop's catalogue: the shop is found by name or e-mail, then the vendor's flow. */
export function ShopCatalogueImportPage() {
  const [q, setQ] = useState('');
  const [shopId, setShopId] = useState('');
  const vendors = useVendorChoices(q);
  const selectId = useId();
  const chosen = vendors.data?.find((v) => v._id === shopId);
  return (
    <div>
      <h1 className="text-2xl font-bold">Shop catalogue import & export</h1>
      <p className="mt-1 mb-4">Export a shop’s catalogue, or import a file for it, as its vendor would.</p>
      <div className="mb-6 grid max-w-xl gap-2">
        <SearchField
          label="Search shops by name or e-mail"
          placeholder="Search shops"
          value={q}
          onChange={setQ}
          className="w-full"
        />
        <div className="flex flex-col gap-1">
          <label className="font-semibold" htmlFor={selectId}>
            Shop
          </label>
          <select id={selectId} className="select w-full" value={shopId} onChange={(e) => setShopId(e.target.value)}>
            <option value="">Choose a shop</option>
            {vendors.data?.map((v) => (
              <option key={v._id} value={v._id}>
                {v.shop ?? v.name} ({v.email})
              </option>
            ))}
          </select>
        </div>
      </div>
      {shopId && (
        <>
          <p className="mb-2 font-semibold">{chosen ? `${chosen.shop ?? chosen.name}` : 'The shop chosen'}</p>
          <CatalogueImport key={shopId} shopId={shopId} />
        </>
      )}
    </div>
  );
}
