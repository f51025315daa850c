import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { ConfigMap, PersistentVolumeClaim, Secret, Service } from "kubernetes-models/v1";
import { Deployment, StatefulSet } from "kubernetes-models/apps/v1";
import { HorizontalPodAutoscaler } from "kubernetes-models/autoscaling/v2";
import { Ingress } from "kubernetes-models/networking.k8s.io/v1";
import { PodDisruptionBudget } from "kubernetes-models/policy/v1";
import { describe, expect, test } from "vitest";
import { parseAllDocuments } from "yaml";
import { EnvSchema } from "~/utils/env.server";

/**
 * The manifests of deploy/k8s, checked offline against the Kubernetes API schemas that
 * kubernetes-models ships (types, required fields, formats; unknown field names are not refused,
 * so the fields that matter are asserted one by one below), then against what issue 14 asks.
 */

const ROOT = "deploy/k8s";
const MODELS: Record<string, { validate(): void } & (new (data: never) => { validate(): void })> = {
  "v1/ConfigMap": ConfigMap as never,
  "v1/Secret": Secret as never,
  "v1/Service": Service as never,
  "v1/PersistentVolumeClaim": PersistentVolumeClaim as never,
  "apps/v1/Deployment": Deployment as never,
  "apps/v1/StatefulSet": StatefulSet as never,
  "autoscaling/v2/HorizontalPodAutoscaler": HorizontalPodAutoscaler as never,
  "networking.k8s.io/v1/Ingress": Ingress as never,
  "policy/v1/PodDisruptionBudget": PodDisruptionBudget as never,
};

type Manifest = { file: string; apiVersion: string; kind: string; metadata: { name: string }; [key: string]: unknown };

function yamlFiles(dir: string): string[] {
  return readdirSync(dir)
    .flatMap((entry) => {
      const full = path.join(dir, entry);
      return statSync(full).isDirectory() ? yamlFiles(full) : /\.ya?ml$/.test(entry) ? [full] : [];
    })
    .sort();
}

const manifests: Manifest[] = yamlFiles(ROOT).flatMap((file) =>
  parseAllDocuments(readFileSync(file, "utf8")).map((document) => {
    expect(document.errors, file).toEqual([]);
    return { ...(document.toJS() as Omit<Manifest, "file">), file } as Manifest;
  }),
);
const resources = manifests.filter((manifest) => manifest.kind !== "Kustomization");
const find = <T>(kind: string, name: string) => {
  const found = resources.find((manifest) => manifest.kind === kind && manifest.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name}`);
  return found as unknown as T;
};

type Probe = { httpGet?: { path: string; port: string | number } };
type Container = {
  image: string;
  command?: string[];
  ports: Array<{ name: string; containerPort: number }>;
  envFrom?: Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>;
  resources: { requests: Record<string, string>; limits: Record<string, string> };
  readinessProbe: Probe;
  livenessProbe: Probe;
  lifecycle?: { preStop?: { exec?: { command: string[] } } };
};
type DeploymentShape = {
  spec: {
    replicas: number;
    strategy: { type: string; rollingUpdate?: { maxSurge: number; maxUnavailable: number } };
    template: { spec: { terminationGracePeriodSeconds: number; containers: Container[] } };
  };
};

describe("deploy/k8s", () => {
  test.each(resources.map((manifest) => [`${manifest.file} ${manifest.kind}/${manifest.metadata?.name}`, manifest] as const))(
    "%s is valid against the Kubernetes schema",
    (_label, manifest) => {
      const Model = MODELS[`${manifest.apiVersion}/${manifest.kind}`];
      expect(Model, `a schema for ${manifest.apiVersion} ${manifest.kind}`).toBeDefined();
      const object: Record<string, unknown> = { ...manifest };
      delete object.file; // ours, not the manifest's
      expect(() => new Model(object as never).validate()).not.toThrow();
    },
  );

  test("every manifest is listed in its kustomization, and every listed file exists", () => {
    for (const kustomization of manifests.filter((manifest) => manifest.kind === "Kustomization")) {
      const dir = path.dirname(kustomization.file);
      const listed = (kustomization.resources as string[]).filter((entry) => /\.ya?ml$/.test(entry)).map((entry) => path.join(dir, entry));
      const present = yamlFiles(dir).filter((file) => path.dirname(file) === dir && !/kustomization\.ya?ml$/.test(file));
      expect(listed.sort()).toEqual(present);
    }
  });

  test("the BFF Deployment: probes on /healthz, resources, a preStop pause within the grace period, a rolling update that keeps capacity", () => {
    const deployment = find<DeploymentShape>("Deployment", "pharma-bff");
    expect(deployment.spec.replicas).toBeGreaterThanOrEqual(2);
    expect(deployment.spec.strategy).toEqual({ type: "RollingUpdate", rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } });
    const pod = deployment.spec.template.spec;
    const [container] = pod.containers;
    expect(container.readinessProbe.httpGet).toEqual({ path: "/healthz", port: "http" });
    expect(container.livenessProbe.httpGet).toEqual({ path: "/healthz", port: "http" });
    expect(container.ports).toEqual([
      { name: "http", containerPort: 3000 },
      { name: "metrics", containerPort: 9464 },
    ]);
    for (const resource of ["cpu", "memory"]) {
      expect(container.resources.requests[resource]).toBeTruthy();
      expect(container.resources.limits[resource]).toBeTruthy();
    }
    const pause = container.lifecycle?.preStop?.exec?.command;
    expect(pause?.[0]).toBe("sleep");
    // The pause, then server.ts's own drain (it exits at the latest 10 s after SIGTERM), fit in the grace period.
    expect(Number(pause?.[1]) + 10).toBeLessThan(pod.terminationGracePeriodSeconds);
    expect(container.envFrom).toEqual([{ configMapRef: { name: "pharma-bff" } }, { secretRef: { name: "pharma-bff-session" } }]);
  });

  test("the ConfigMap and the Secret hold values the BFF's own env parser accepts in production", () => {
    const config = find<{ data: Record<string, string> }>("ConfigMap", "pharma-bff").data;
    const secret = find<{ stringData: Record<string, string> }>("Secret", "pharma-bff-session").stringData;
    const parsed = EnvSchema.safeParse({ NODE_ENV: "production", ...config, ...secret });
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(parsed.data?.TRUST_PROXY).toBe(2); // the ingress controller and the cache
    expect(parsed.data?.WEB_CONCURRENCY).toBe(1);
    expect(parsed.data?.METRICS_PORT).toBe(9464);
    // Rotation: a comma-separated list, the first signs.
    expect(EnvSchema.parse({ SESSION_SECRET: `new-secret-0123456789,${secret.SESSION_SECRET}` }).SESSION_SECRET?.[0]).toBe("new-secret-0123456789");
  });

  test("no stickiness: the Service has no session affinity and the Ingress no affinity annotation; metrics stay off the Service", () => {
    const service = find<{ spec: { sessionAffinity: string; ports: Array<{ targetPort: string }> } }>("Service", "pharma-bff");
    expect(service.spec.sessionAffinity).toBe("None");
    expect(service.spec.ports.map((port) => port.targetPort)).toEqual(["http"]);
    const annotations = find<{ metadata: { annotations?: Record<string, string> } }>("Ingress", "pharma-bff").metadata.annotations ?? {};
    expect(Object.keys(annotations).filter((key) => /affinity|sticky|session-cookie/.test(key))).toEqual([]);
  });

  test("the HPA scales the BFF Deployment from at least 2 pods, and the PDB lets at most one go", () => {
    const hpa = find<{ spec: { scaleTargetRef: { kind: string; name: string }; minReplicas: number } }>("HorizontalPodAutoscaler", "pharma-bff");
    expect(hpa.spec.scaleTargetRef).toMatchObject({ kind: "Deployment", name: "pharma-bff" });
    expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
    expect(find<{ spec: { maxUnavailable: number } }>("PodDisruptionBudget", "pharma-bff").spec.maxUnavailable).toBe(1);
  });

  test("the shared Redis (ADR 052): a StatefulSet with its data on a volume and a password from its Secret; the BFF's REDIS_URL names its Service and parses", () => {
    type RedisSet = {
      spec: {
        replicas: number;
        serviceName: string;
        template: {
          spec: { containers: Array<{ args: string[]; env: Array<{ name: string; valueFrom?: { secretKeyRef: { name: string; key: string } } }> }> };
        };
        volumeClaimTemplates: Array<{ metadata: { name: string } }>;
      };
    };
    const redis = find<RedisSet>("StatefulSet", "pharma-bff-redis");
    expect(redis.spec.replicas).toBe(1);
    const [container] = redis.spec.template.spec.containers;
    expect(container.args).toEqual(expect.arrayContaining(["--requirepass", "$(REDIS_PASSWORD)", "--appendonly", "yes"]));
    expect(container.env.find((entry) => entry.name === "REDIS_PASSWORD")?.valueFrom?.secretKeyRef).toEqual({
      name: "pharma-bff-redis",
      key: "REDIS_PASSWORD",
    });
    expect(redis.spec.volumeClaimTemplates.map((claim) => claim.metadata.name)).toEqual(["data"]);
    const service = find<{ metadata: { name: string }; spec: { ports: Array<{ port: number }> } }>("Service", redis.spec.serviceName);
    expect(service.spec.ports.map((port) => port.port)).toEqual([6379]);

    type Env = Array<{ name: string; value?: string; valueFrom?: { secretKeyRef: { name: string; key: string } } }>;
    const bff = find<{ spec: { template: { spec: { containers: Array<{ env: Env }> } } } }>("Deployment", "pharma-bff").spec.template.spec.containers[0];
    const password = find<{ stringData: Record<string, string> }>("Secret", "pharma-bff-redis").stringData.REDIS_PASSWORD;
    expect(bff.env.find((entry) => entry.name === "REDIS_PASSWORD")?.valueFrom?.secretKeyRef).toEqual({ name: "pharma-bff-redis", key: "REDIS_PASSWORD" });
    // Kubernetes expands $(REDIS_PASSWORD) from the entry before it.
    const url = bff.env.find((entry) => entry.name === "REDIS_URL")?.value?.replace("$(REDIS_PASSWORD)", password) ?? "";
    expect(EnvSchema.parse({ REDIS_URL: url }).REDIS_URL).toBe(url);
    expect(new URL(url).hostname).toBe(service.metadata.name);
  });

  test("the demo shop API: one replica, recreated (one SQLite file), data on a claim, the bundled entry", () => {
    const deployment = find<DeploymentShape & { spec: { template: { spec: { volumes: Array<{ persistentVolumeClaim?: { claimName: string } }> } } } }>(
      "Deployment",
      "shop-api-demo",
    );
    expect(deployment.spec.replicas).toBe(1);
    expect(deployment.spec.strategy.type).toBe("Recreate");
    expect(deployment.spec.template.spec.containers[0].command).toEqual(["/usr/bin/tini", "--", "node", "build/shop-api.js"]);
    const claim = deployment.spec.template.spec.volumes.find((volume) => volume.persistentVolumeClaim)?.persistentVolumeClaim?.claimName;
    expect(claim).toBe(find<{ metadata: { name: string } }>("PersistentVolumeClaim", "shop-api-demo-data").metadata.name);
  });

  test("the cache (ADR 056): the ingress routes to it, it proxies to the BFF Service with deploy/nginx's files as they are", () => {
    const ingress = find<{ spec: { rules: Array<{ http: { paths: Array<{ backend: { service: { name: string } } }> } }> } }>("Ingress", "pharma-bff");
    expect(ingress.spec.rules.flatMap((rule) => rule.http.paths.map((entry) => entry.backend.service.name))).toEqual(["pharma-cache"]);
    const cache = find<{ spec: { selector: Record<string, string> } }>("Service", "pharma-cache");
    expect(cache.spec.selector).toEqual({ "app.kubernetes.io/name": "pharma-cache" });
    const config = find<{ data: Record<string, string> }>("ConfigMap", "pharma-cache-nginx").data;
    for (const file of ["storefront.http.conf", "storefront.location.conf", "storefront.static.conf"]) {
      expect(config[file], file).toBe(readFileSync(`deploy/nginx/${file}`, "utf8"));
    }
    expect(config["nginx.conf"]).toMatch(/server pharma-bff:80;/);
    expect(config["nginx.conf"]).toMatch(/include \/etc\/nginx\/storefront\/storefront\.http\.conf;/);
    expect(config["nginx.conf"]).toMatch(/include \/etc\/nginx\/storefront\/storefront\.location\.conf;/);
    expect(config["nginx.conf"]).toMatch(/keys_zone=storefront:/);
    const deployment = find<DeploymentShape>("Deployment", "pharma-cache");
    expect(deployment.spec.replicas).toBeGreaterThanOrEqual(2);
    expect(deployment.spec.template.spec.containers[0].readinessProbe.httpGet).toEqual({ path: "/nginx-health", port: "http" });
  });

  test("the cache serves the BFF image's own build/client (ADR 066): copied by an init container of the same image, where nginx's root is", () => {
    type Mount = { name: string; mountPath: string; readOnly?: boolean };
    type PodWithInit = { initContainers: Array<Container & { volumeMounts: Mount[] }>; containers: Array<Container & { volumeMounts: Mount[] }> };
    const pod = find<{ spec: { template: { spec: PodWithInit } } }>("Deployment", "pharma-cache").spec.template.spec;
    const bffImage = find<DeploymentShape>("Deployment", "pharma-bff").spec.template.spec.containers[0].image;
    const [copy] = pod.initContainers;
    expect(copy.image).toBe(bffImage);
    expect(copy.command?.join(" ")).toContain("cpSync('/app/build/client', '/srv/storefront/build/client'");
    const config = find<{ data: Record<string, string> }>("ConfigMap", "pharma-cache-nginx").data;
    const root = /^\s*root (\S+);$/m.exec(config["nginx.conf"])?.[1];
    expect(root).toBe("/srv/storefront/build/client");
    const volumeAt = (mounts: Mount[]) => mounts.find((mount) => mount.mountPath === root)?.name;
    expect(volumeAt(copy.volumeMounts)).toBe("static");
    expect(volumeAt(pod.containers[0].volumeMounts)).toBe("static");
    expect(config["nginx.conf"]).toMatch(/include \/etc\/nginx\/storefront\/storefront\.static\.conf;/);
    expect(config["nginx.conf"]).toMatch(/location @storefront_bff \{\n\s+proxy_pass http:\/\/bff;/);
    // One tag moves the BFF and the copy together.
    const kustomization = manifests.find((manifest) => manifest.kind === "Kustomization" && manifest.file === "deploy/k8s/kustomization.yaml") as unknown as {
      images: Array<{ name: string }>;
    };
    expect(kustomization.images.map((image) => image.name)).toEqual([bffImage.replace(/:[^:/]+$/, "")]);
  });
});
