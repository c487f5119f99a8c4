/**
 * One file sent as multipart/form-data through XMLHttpRequest, whose upload reports its progress (0 to 1);
 * fetch cannot. The URL comes from an endpoint table (`url("POST …/attachment", …)`); a refusal throws ApiError
 * with the server's message, as every other call does.
 */
import { ApiError, apiErrorOf, UNREACHABLE, UNREACHABLE_KEY } from "./http";

export function uploadFile<T>(url: string, file: File, onProgress: (fraction: number) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let data: unknown = null;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        data = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(data as unknown as T);
      } else reject(apiErrorOf(xhr.status, data));
    };
    xhr.onerror = () => reject(new ApiError(0, UNREACHABLE, undefined, UNREACHABLE_KEY));
    const body = new FormData();
    body.append("file", file);
    xhr.send(body);
  });
}
