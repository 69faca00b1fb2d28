/** A body that says when it is done with: read to its end, failed, or cancelled by its reader. */
export function whenStreamEnds(body: ReadableStream<Uint8Array>, end: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let ended = false;
  const once = () => {
    if (ended) return;
    ended = true;
    end();
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (!done) {
            controller.enqueue(value);
            return;
          }
          controller.close();
        } catch (error) {
          controller.error(error);
        }
        once();
      },
      cancel: async (reason) => {
        once();
        await reader.cancel(reason);
      },
    },
    // Read only when the socket asks: the source keeps its pace.
    { highWaterMark: 0 },
  );
}
