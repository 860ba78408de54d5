import type { AddTaskBody, AttachTaskPhotosBody, UpdateTaskBody } from '@contracts/work-orders';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api/api-client';
import { queryKeys } from '@/lib/api/query-keys';

/** GET /api/work-orders?status=open: the shop's open work orders (staff and admins). */
export const useOpenWorkOrders = () =>
  useQuery({
    queryKey: [...queryKeys.admin.workOrders(), 'open'],
    queryFn: () => callApi('listWorkOrders', { query: { status: 'open' } }),
  });

/** GET /api/work-orders/:id */
export const useWorkOrder = (id: number) =>
  useQuery({
    queryKey: [...queryKeys.admin.workOrders(), id],
    queryFn: () => callApi('getWorkOrder', { params: { id } }),
  });

/** Every change answers the whole work order: it is shown at once, and the lists are read again. */
function useWorkOrderChange<V>(id: number, change: (vars: V) => ReturnType<typeof callApi<'getWorkOrder'>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (order) => queryClient.setQueryData([...queryKeys.admin.workOrders(), id], order),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.admin.workOrders() }),
  });
}

/** PATCH /api/work-orders/:id/tasks/:taskId */
export const useUpdateTask = (id: number) =>
  useWorkOrderChange(id, ({ taskId, body }: { taskId: number; body: UpdateTaskBody }) =>
    callApi('updateWorkOrderTask', { params: { id, taskId }, body }),
  );

/** POST /api/work-orders/:id/tasks */
export const useAddTask = (id: number) =>
  useWorkOrderChange(id, (body: AddTaskBody) => callApi('addWorkOrderTask', { params: { id }, body }));

/** POST /api/work-orders/:id/tasks/:taskId/photos */
export const useAttachTaskPhotos = (id: number) =>
  useWorkOrderChange(id, ({ taskId, body }: { taskId: number; body: AttachTaskPhotosBody }) =>
    callApi('attachTaskPhotos', { params: { id, taskId }, body }),
  );
