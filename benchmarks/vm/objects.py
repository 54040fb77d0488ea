# Method calls and attribute access: the core of a small ray tracer (a vector
# class with operator dunders, spheres, a camera, lights) and a particle
# simulation over a small class hierarchy with properties and super().

import math


class Vec:
    def __init__(self, x, y, z):
        self.x = x
        self.y = y
        self.z = z

    def __add__(self, other):
        return Vec(self.x + other.x, self.y + other.y, self.z + other.z)

    def __sub__(self, other):
        return Vec(self.x - other.x, self.y - other.y, self.z - other.z)

    def scale(self, k):
        return Vec(self.x * k, self.y * k, self.z * k)

    def dot(self, other):
        return self.x * other.x + self.y * other.y + self.z * other.z

    def length(self):
        return math.sqrt(self.dot(self))

    def normalized(self):
        return self.scale(1.0 / self.length())


class Ray:
    def __init__(self, origin, direction):
        self.origin = origin
        self.direction = direction.normalized()

    def at(self, t):
        return self.origin + self.direction.scale(t)


class Sphere:
    def __init__(self, center, radius, shade):
        self.center = center
        self.radius = radius
        self.shade = shade

    def intersect(self, ray):
        oc = ray.origin - self.center
        b = oc.dot(ray.direction)
        c = oc.dot(oc) - self.radius * self.radius
        disc = b * b - c
        if disc < 0:
            return None
        root = math.sqrt(disc)
        t = -b - root
        if t > 1e-6:
            return t
        t = -b + root
        return t if t > 1e-6 else None

    def normal_at(self, point):
        return (point - self.center).normalized()


class Scene:
    def __init__(self):
        self.objects = []
        self.light = Vec(-5.0, 5.0, -10.0)

    def add(self, obj):
        self.objects.append(obj)

    def closest(self, ray):
        best_t, best = None, None
        for obj in self.objects:
            t = obj.intersect(ray)
            if t is not None and (best_t is None or t < best_t):
                best_t, best = t, obj
        return best_t, best

    def trace(self, ray):
        t, obj = self.closest(ray)
        if obj is None:
            return 0.1
        point = ray.at(t)
        normal = obj.normal_at(point)
        to_light = (self.light - point).normalized()
        shadow_t, _ = self.closest(Ray(point, to_light))
        diffuse = max(0.0, normal.dot(to_light))
        if shadow_t is not None:
            diffuse *= 0.3
        return obj.shade * (0.2 + 0.8 * diffuse)


def render(scene, width, height):
    eye = Vec(0.0, 0.0, -4.0)
    total = 0.0
    for j in range(height):
        for i in range(width):
            x = (i - width / 2) / width
            y = (height / 2 - j) / height
            total += scene.trace(Ray(eye, Vec(x, y, 1.0)))
    return total


class Particle:
    def __init__(self, x, y, vx, vy):
        self.x = x
        self.y = y
        self.vx = vx
        self.vy = vy

    @property
    def speed(self):
        return math.sqrt(self.vx * self.vx + self.vy * self.vy)

    def step(self, dt):
        self.x += self.vx * dt
        self.y += self.vy * dt
        if self.x < 0 or self.x > 100:
            self.vx = -self.vx
        if self.y < 0 or self.y > 100:
            self.vy = -self.vy


class HeavyParticle(Particle):
    def __init__(self, x, y, vx, vy, mass):
        super().__init__(x, y, vx, vy)
        self.mass = mass

    def step(self, dt):
        self.vy -= 9.81 * dt / self.mass
        super().step(dt)


class DampedParticle(HeavyParticle):
    def step(self, dt):
        self.vx *= 0.999
        self.vy *= 0.999
        super().step(dt)


scene = Scene()
scene.add(Sphere(Vec(0.0, -0.5, 3.0), 1.0, 0.9))
scene.add(Sphere(Vec(1.5, 0.5, 4.0), 0.8, 0.6))
scene.add(Sphere(Vec(-1.5, 0.0, 5.0), 1.2, 0.75))
scene.add(Sphere(Vec(0.0, -101.5, 3.0), 100.0, 0.4))
print(f"image brightness: {render(scene, 320, 240):.6f}")

particles = []
for k in range(60):
    kind = k % 3
    if kind == 0:
        particles.append(Particle(k, 100 - k, 1.5, -0.5))
    elif kind == 1:
        particles.append(HeavyParticle(k, k, -0.75, 2.0, 1.0 + k % 5))
    else:
        particles.append(DampedParticle(50.0, k, 0.25 * k, 1.0, 2.0))
for _ in range(8000):
    for p in particles:
        p.step(0.05)
print(f"particles: {sum(p.x + p.y for p in particles):.6f} {max(p.speed for p in particles):.6f}")
