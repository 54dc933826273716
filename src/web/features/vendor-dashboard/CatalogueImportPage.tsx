import { Link } from 'react-router';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { paths } from '../../paths.ts';
import { CatalogueImport } from '../../ui/CatalogueImport.tsx';

/** The vendor's catalogue as CSV: export it, import a file (checked first, all rows or none). */
export function CatalogueImportPage() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <div>
      <h1 className="text-2xl font-bold">Import & export</h1>
      <p className="mt-1 mb-4">Add or change many products at once with a spreadsheet.</p>
      <CatalogueImport
        shopId={user.id}
        productsLink={
          <Link className="link" to={paths.dashboard.vendorProduct}>
            See your products
          </Link>
        }
      />
    </div>
  );
}
