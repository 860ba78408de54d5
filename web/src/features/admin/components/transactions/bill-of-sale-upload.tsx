import { ADMIN_TEXT } from '@contracts/admin';
import { BILL_OF_SALE_EXTENSIONS, MAX_BILL_OF_SALE_BYTES } from '@contracts/upload-limits';
import { Upload } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { pickFiles } from '@/lib/pick-files';
import { useUploadBillOfSale } from '../../api/upload-bill-of-sale';

const ACCEPT = BILL_OF_SALE_EXTENSIONS.map((ext) => `.${ext}`).join(',');
const MAX_MB = MAX_BILL_OF_SALE_BYTES / (1024 * 1024);

/** Why a file cannot be a bill of sale, before sending it (the server checks the content too). */
export function billOfSaleProblem(file: File): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!file.name.includes('.') || !(BILL_OF_SALE_EXTENSIONS as readonly string[]).includes(extension))
    return 'The bill of sale must be a PDF, PNG, JPG or JPEG file.';
  if (file.size > MAX_BILL_OF_SALE_BYTES) return `The bill of sale must be ${MAX_MB} MB or smaller.`;
  if (file.size === 0) return 'The file is empty.';
  return null;
}

/** Picks a PDF or image and uploads it as the transaction's bill of sale. */
export function BillOfSaleUpload({
  transactionId,
  hasBill,
  label,
}: {
  transactionId: number;
  hasBill: boolean;
  /** What the transaction is, for the button's accessible name. */
  label: string;
}) {
  const upload = useUploadBillOfSale();
  const onFile = (file: File) => {
    const problem = billOfSaleProblem(file);
    if (problem) {
      toast({ variant: 'destructive', title: ADMIN_TEXT.billUploadFailed, description: problem });
      return;
    }
    upload.mutate(
      { id: transactionId, file },
      {
        onSuccess: () => toast({ title: ADMIN_TEXT.billUploaded, description: file.name }),
        onError: (error) =>
          toast({ variant: 'destructive', title: ADMIN_TEXT.billUploadFailed, description: error.message }),
      },
    );
  };
  return (
    <Button
      size="sm"
      variant="outline"
      onClick={() => pickFiles({ accept: ACCEPT }, ([file]) => file && onFile(file))}
      disabled={upload.isPending}
    >
      <Upload aria-hidden="true" className="h-4 w-4" />
      {upload.isPending ? 'Uploading…' : hasBill ? 'Replace' : 'Upload'}
      <span className="sr-only"> bill of sale for {label}</span>
    </Button>
  );
}
