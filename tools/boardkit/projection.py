"""Map projections, magnifying lenses, and the frame that fits a map to the board.

A projection turns (longitude, latitude) in degrees into plane coordinates with y
growing northwards, in any unit; a `Frame` then scales and shifts them into board
units, with y growing southwards as on screen.
"""

import math
from collections.abc import Callable
from dataclasses import dataclass

from shapely.geometry import Polygon

EARTH_RADIUS_KM = 6371.0

PlaneProjection = Callable[[float, float], tuple[float, float]]


def lambert_conformal_conic(
    central_meridian: float, origin_latitude: float, parallels: tuple[float, float]
) -> PlaneProjection:
    """The Lambert conformal conic projection secant at `parallels`, in kilometres."""
    phi1, phi2 = (math.radians(p) for p in parallels)

    def t(phi: float) -> float:
        return math.tan(math.pi / 4 + phi / 2)

    def project(lon: float, lat: float) -> tuple[float, float]:
        n = math.log(math.cos(phi1) / math.cos(phi2)) / math.log(t(phi2) / t(phi1))
        f = math.cos(phi1) * t(phi1) ** n / n

        def rho(lat_deg: float) -> float:
            return f / t(math.radians(lat_deg)) ** n

        theta = n * math.radians(lon - central_meridian)
        x = rho(lat) * math.sin(theta)
        y = rho(origin_latitude) - rho(lat) * math.cos(theta)
        return x * EARTH_RADIUS_KM, y * EARTH_RADIUS_KM

    return project


# A lens: ((longitude, latitude) of its centre, strength, radius in the projection's
# unit). Around the centre the scale grows by up to `strength`, fading out with a
# Gaussian of the given radius.
Lens = tuple[tuple[float, float], float, float]


def with_lenses(project: PlaneProjection, lenses: list[Lens]) -> PlaneProjection:
    """`project`, magnified around each lens: where territories are small and many."""

    def lensed(lon: float, lat: float) -> tuple[float, float]:
        x, y = project(lon, lat)
        moved_x, moved_y = x, y
        for centre, strength, radius in lenses:
            cx, cy = project(*centre)
            dx, dy = x - cx, y - cy
            gain = strength * math.exp(-(dx * dx + dy * dy) / radius**2)
            moved_x, moved_y = moved_x + dx * gain, moved_y + dy * gain
        return moved_x, moved_y

    return lensed


@dataclass(frozen=True)
class Frame:
    """Maps (longitude, latitude) to board units: `project`, shifted and scaled."""

    project: PlaneProjection
    left: float
    top: float
    scale_x: float
    scale_y: float

    def __call__(self, lon: float, lat: float) -> tuple[float, float]:
        """The board point (x, y) of a place."""
        x, y = self.project(lon, lat)
        return (x - self.left) * self.scale_x, (self.top - y) * self.scale_y

    def polygon(self, ring: list[tuple[float, float]]) -> Polygon:
        """A ring of (longitude, latitude) corners, as a polygon on the board."""
        return Polygon([self(lon, lat) for lon, lat in ring])
